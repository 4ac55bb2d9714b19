//! The Handle record a handle (a DOI among them) resolves to through the Handle API (RFC 3651
//! §3 values; doi URI scheme §4, Figure 1; Handle.Net Technical Manual §14): a serde model of
//! the API's JSON body that re-serialises to the same JSON.
//!
//! ```
//! use pidkit::hdl::{HandleRecord, ResponseCode};
//! let record = HandleRecord::from_json(r#"{"responseCode":1,"handle":"10.1000/182","values":[
//!     {"index":1,"type":"URL","data":{"format":"string","value":"http://www.doi.org/hb.html"},
//!      "ttl":86400,"timestamp":"2004-01-21T14:14:17Z"}]}"#)?;
//! assert_eq!(record.response_code, ResponseCode::Success);
//! assert_eq!(record.urls().collect::<Vec<_>>(), ["http://www.doi.org/hb.html"]);
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// The JSON body of a Handle API response (§4): `responseCode`, `handle`, `values`, and what
/// else the server sent (kept in `extra`, so that re-serialising gives the same JSON).
/// ```
/// let json = r#"{"responseCode":100,"handle":"10.1000/none","extension":1}"#;
/// let r = pidkit::hdl::HandleRecord::from_json(json)?;
/// assert!(r.values().is_empty() && r.extra.contains_key("extension"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandleRecord {
    /// What happened.
    #[serde(rename = "responseCode")]
    pub response_code: ResponseCode,
    /// The handle (the DOI name) the response is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    /// The server's explanation, sent with errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The handle values (the DOI record), absent when there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<HandleValue>>,
    /// Members this model does not name, kept as they came.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl HandleRecord {
    /// Parse the JSON body of a Handle API response.
    /// ```
    /// assert!(pidkit::hdl::HandleRecord::from_json(r#"{"handle":"10.1/x"}"#).is_err()); // no responseCode
    /// ```
    pub fn from_json(json: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// Serialise back to JSON.
    /// ```
    /// let json = r#"{"responseCode":200,"handle":"10.1/x","values":[]}"#;
    /// assert_eq!(pidkit::hdl::HandleRecord::from_json(json)?.to_json(), json);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The values, in the order the server sent them (empty when there are none).
    /// ```
    /// let r = pidkit::hdl::HandleRecord::from_json(r#"{"responseCode":100}"#)?;
    /// assert!(r.values().is_empty());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn values(&self) -> &[HandleValue] {
        self.values.as_deref().unwrap_or(&[])
    }

    /// The values of one type (compared case-insensitively in ASCII, e.g. `"URL"`).
    /// ```
    /// let r = pidkit::hdl::HandleRecord::from_json(r#"{"responseCode":1,"values":[
    ///     {"index":1,"type":"EMAIL","data":{"format":"string","value":"a@b.c"}}]}"#)?;
    /// assert_eq!(r.values_of_type("email").count(), 1);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn values_of_type<'s>(
        &'s self,
        value_type: &'s str,
    ) -> impl Iterator<Item = &'s HandleValue> + 's {
        self.values()
            .iter()
            .filter(move |v| v.value_type.eq_ignore_ascii_case(value_type))
    }

    /// The text of the `URL` values: where the referent may be retrieved (§5).
    ///
    /// ```
    /// let r = pidkit::hdl::HandleRecord::from_json(r#"{"responseCode":200,"handle":"10.1/x","values":[]}"#)?;
    /// assert_eq!(r.urls().count(), 0);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn urls(&self) -> impl Iterator<Item = &str> {
        self.values_of_type("URL").filter_map(|v| v.data.as_str())
    }

    /// The first `HS_ADMIN` value: who may change the handle, and how.
    ///
    /// ```
    /// use pidkit::hdl::{AdminPermission, HandleRecord};
    /// let r = HandleRecord::from_json(r#"{"responseCode":1,"handle":"10.1/x","values":[{"index":100,
    ///     "type":"HS_ADMIN","data":{"format":"admin","value":{"handle":"0.na/10.1","index":200,
    ///     "permissions":"011111110010"}},"ttl":86400}]}"#)?;
    /// let admin = r.admin().unwrap();
    /// assert_eq!((admin.handle.as_str(), admin.index), ("0.na/10.1", 200));
    /// assert!(admin.has(AdminPermission::ReadValue) && !admin.has(AdminPermission::AddHandle));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn admin(&self) -> Option<AdminValue> {
        self.values_of_type("HS_ADMIN").find_map(|v| v.data.admin())
    }
}

/// The outcome of a resolution (§4). The four codes the doi URI scheme defines have their own
/// variants; other Handle System codes (RFC 3652) are kept as numbers.
/// ```
/// let r = pidkit::hdl::HandleRecord::from_json(r#"{"responseCode":402}"#)?;
/// assert_eq!(r.response_code, pidkit::hdl::ResponseCode::Other(402));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResponseCode {
    /// 1: resolution completed successfully (HTTP 200).
    Success,
    /// 2: a server error (HTTP 500).
    ServerError,
    /// 100: the DOI name was not found (HTTP 404).
    NotFound,
    /// 200: the DOI name has no values (HTTP 200).
    NoValues,
    /// Any other Handle System response code.
    Other(u32),
}

impl ResponseCode {
    /// The numeric code.
    ///
    /// ```
    /// use pidkit::hdl::ResponseCode;
    /// assert_eq!(ResponseCode::from_code(100), ResponseCode::NotFound);
    /// assert_eq!(ResponseCode::from_code(402).code(), 402);
    /// ```
    pub fn code(self) -> u32 {
        match self {
            ResponseCode::Success => 1,
            ResponseCode::ServerError => 2,
            ResponseCode::NotFound => 100,
            ResponseCode::NoValues => 200,
            ResponseCode::Other(n) => n,
        }
    }

    /// The code for a number.
    /// ```
    /// assert_eq!(pidkit::hdl::ResponseCode::from_code(200), pidkit::hdl::ResponseCode::NoValues);
    /// ```
    pub fn from_code(n: u32) -> Self {
        match n {
            1 => ResponseCode::Success,
            2 => ResponseCode::ServerError,
            100 => ResponseCode::NotFound,
            200 => ResponseCode::NoValues,
            n => ResponseCode::Other(n),
        }
    }

    /// What the code means (§4), for the four codes the doi URI scheme defines.
    /// ```
    /// use pidkit::hdl::ResponseCode;
    /// assert_eq!(ResponseCode::NotFound.meaning(), Some("the DOI name was not found"));
    /// assert_eq!(ResponseCode::Other(3).meaning(), None);
    /// ```
    pub fn meaning(self) -> Option<&'static str> {
        Some(match self {
            ResponseCode::Success => "the resolution completed successfully",
            ResponseCode::ServerError => "the resolution failed because of a server error",
            ResponseCode::NotFound => "the DOI name was not found",
            ResponseCode::NoValues => "no descriptive elements were found for the DOI name",
            ResponseCode::Other(_) => return None,
        })
    }

    /// The HTTP status §4 pairs with the code.
    /// ```
    /// use pidkit::hdl::ResponseCode;
    /// assert_eq!(ResponseCode::NoValues.http_status(), Some(200));
    /// assert_eq!(ResponseCode::ServerError.http_status(), Some(500));
    /// ```
    pub fn http_status(self) -> Option<u16> {
        match self {
            ResponseCode::Success | ResponseCode::NoValues => Some(200),
            ResponseCode::ServerError => Some(500),
            ResponseCode::NotFound => Some(404),
            ResponseCode::Other(_) => None,
        }
    }
}

impl Serialize for ResponseCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.code())
    }
}

impl<'de> Deserialize<'de> for ResponseCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u32::deserialize(d).map(ResponseCode::from_code)
    }
}

/// One handle value (RFC 3651 §3.1): index, type, data, time to live, timestamp, and the
/// optional permissions and references.
/// ```
/// let v: pidkit::hdl::HandleValue = serde_json::from_str(
///     r#"{"index":1,"type":"URL","data":{"format":"string","value":"https://x.org/"},"permissions":"1110"}"#)?;
/// assert_eq!((v.index, v.data.as_str(), v.permissions.as_deref()), (1, Some("https://x.org/"), Some("1110")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandleValue {
    /// The value's index, unique within the handle.
    pub index: u32,
    /// Its type, e.g. `URL`, `HS_ADMIN`, `HS_VLIST`, `HS_SITE`.
    #[serde(rename = "type")]
    pub value_type: String,
    /// Its data.
    pub data: HandleData,
    /// `adminRead adminWrite publicRead publicWrite` as four `0`/`1` characters, when unusual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<String>,
    /// How long the value may be cached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl: Option<Ttl>,
    /// When the value was last changed (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// References to other handle values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub references: Option<Vec<ValueReference>>,
    /// Members this model does not name, kept as they came.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The time to live of a value: seconds (relative) or an ISO 8601 time (absolute).
/// ```
/// use pidkit::hdl::Ttl;
/// assert_eq!(serde_json::from_str::<Ttl>("86400")?, Ttl::Seconds(86400));
/// assert_eq!(serde_json::from_str::<Ttl>(r#""2030-01-01T00:00:00Z""#)?, Ttl::Until("2030-01-01T00:00:00Z".into()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Ttl {
    /// Cache for this many seconds.
    Seconds(i64),
    /// Cache until this time (ISO 8601).
    Until(String),
}

/// A value's data: a `format` (`string`, `admin`, `vlist`, `site`, `base64`, `hex`, `key`) and the
/// value in that format (a string, an object or an array).
/// ```
/// let d: pidkit::hdl::HandleData = serde_json::from_str(r#"{"format":"site","value":{"version":1}}"#)?;
/// assert_eq!((d.format.as_str(), d.as_str()), ("site", None));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandleData {
    /// How `value` is written.
    pub format: String,
    /// The value itself.
    pub value: Value,
}

impl HandleData {
    /// The text of a `string` value.
    /// ```
    /// let d: pidkit::hdl::HandleData = serde_json::from_str(r#"{"format":"string","value":"x"}"#)?;
    /// assert_eq!(d.as_str(), Some("x"));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        if self.format.eq_ignore_ascii_case("string") {
            self.value.as_str()
        } else {
            None
        }
    }

    /// An `admin` value (HS_ADMIN).
    /// ```
    /// let d: pidkit::hdl::HandleData = serde_json::from_str(
    ///     r#"{"format":"admin","value":{"handle":"0.na/10.1","index":200,"permissions":"*"}}"#)?;
    /// assert!(d.admin().unwrap().has(pidkit::hdl::AdminPermission::ListHandles));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn admin(&self) -> Option<AdminValue> {
        if !self.format.eq_ignore_ascii_case("admin") {
            return None;
        }
        serde_json::from_value(self.value.clone()).ok()
    }

    /// The references of a `vlist` value (HS_VLIST).
    /// ```
    /// let d: pidkit::hdl::HandleData = serde_json::from_str(
    ///     r#"{"format":"vlist","value":[{"handle":"10.1/a","index":300}]}"#)?;
    /// assert_eq!(d.vlist().unwrap()[0].index, 300);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn vlist(&self) -> Option<Vec<ValueReference>> {
        if !self.format.eq_ignore_ascii_case("vlist") {
            return None;
        }
        serde_json::from_value(self.value.clone()).ok()
    }
}

/// A reference to a handle value: a handle and an index.
/// ```
/// let r: pidkit::hdl::ValueReference = serde_json::from_str(r#"{"handle":"10.1/a","index":1}"#)?;
/// assert_eq!(r.handle, "10.1/a");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueReference {
    /// The handle.
    pub handle: String,
    /// The index of the value in it.
    pub index: u32,
}

/// An `HS_ADMIN` value (RFC 3651 §3.2.2): the administrator's handle value and its permissions.
/// ```
/// let a: pidkit::hdl::AdminValue = serde_json::from_str(
///     r#"{"handle":"0.na/10.1000","index":200,"permissions":"011111110010","legacyByteLength":true}"#)?;
/// assert_eq!(a.legacy_byte_length, Some(true));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdminValue {
    /// The administrator's handle.
    pub handle: String,
    /// The index of the administrator's key (or group) in that handle.
    pub index: u32,
    /// Twelve `0`/`1` characters, the last for [`AdminPermission::AddHandle`] (or `*`: all).
    pub permissions: String,
    /// Set on records written with the old length encoding.
    #[serde(
        rename = "legacyByteLength",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub legacy_byte_length: Option<bool>,
}

impl AdminValue {
    /// Whether the administrator holds `perm`.
    /// ```
    /// use pidkit::hdl::{AdminPermission, AdminValue};
    /// let a = AdminValue { handle: "0.na/10.1".into(), index: 200, permissions: "000000000010".into(), legacy_byte_length: None };
    /// assert!(a.has(AdminPermission::DeleteHandle) && !a.has(AdminPermission::AddHandle));
    /// ```
    pub fn has(&self, perm: AdminPermission) -> bool {
        if self.permissions == "*" {
            return true;
        }
        let bit = perm as usize;
        let b = self.permissions.as_bytes();
        b.len() > bit && b[b.len() - 1 - bit] == b'1'
    }
}

/// The administrative permissions of RFC 3651 §3.2.2, by bit position.
/// ```
/// assert_eq!(pidkit::hdl::AdminPermission::ListHandles as u8, 11);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AdminPermission {
    /// Add handles under the naming authority.
    AddHandle = 0,
    /// Delete handles.
    DeleteHandle = 1,
    /// Add naming authorities.
    AddNamingAuthority = 2,
    /// Delete naming authorities.
    DeleteNamingAuthority = 3,
    /// Modify values.
    ModifyValue = 4,
    /// Remove values.
    RemoveValue = 5,
    /// Add values.
    AddValue = 6,
    /// Read values that are not publicly readable.
    ReadValue = 7,
    /// Modify admin values.
    ModifyAdmin = 8,
    /// Remove admin values.
    RemoveAdmin = 9,
    /// Add admin values.
    AddAdmin = 10,
    /// List handles.
    ListHandles = 11,
}
