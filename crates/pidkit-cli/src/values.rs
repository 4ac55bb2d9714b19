//! Option values that come from the library's lists (`--as` from [`pidkit::ReadAs::ALL`],
//! `--pid-form` from [`pidkit::PidForm::ALL`] …) and options made from its list of resolution
//! services: the CLI names no scheme; parsing, help, completions and man pages follow the
//! library (as ripgrep makes all four from one list of flags).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

/// A value parser for a type whose values the library lists, each with a name and a line of
/// help.
#[derive(Clone)]
pub struct Named<T: 'static> {
    all: &'static [T],
    name: fn(T) -> &'static str,
    about: fn(T) -> &'static str,
}

impl<T: Copy + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        if let Some(v) = self.all.iter().find(|v| (self.name)(**v) == text) {
            return Ok(*v);
        }
        // clap's own "invalid value … possible values" error, with the names listed.
        let choices: Vec<&str> = self.all.iter().map(|v| (self.name)(*v)).collect();
        clap::builder::PossibleValuesParser::new(choices)
            .parse_ref(cmd, arg, value)
            .map(|_| self.all[0])
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.all.iter().map(|v| {
            PossibleValue::new((self.name)(*v)).help((self.about)(*v))
        })))
    }
}

/// `--as`: the library's readings.
pub fn read_as() -> Named<pidkit::ReadAs> {
    Named {
        all: pidkit::ReadAs::ALL,
        name: pidkit::ReadAs::name,
        about: pidkit::ReadAs::about,
    }
}

/// `--pid-form`: the library's written forms of PIDs.
pub fn pid_form() -> Named<pidkit::PidForm> {
    Named {
        all: pidkit::PidForm::ALL,
        name: pidkit::PidForm::name,
        about: pidkit::PidForm::about,
    }
}

/// `--pid-case`: the library's cases of PID names.
pub fn pid_case() -> Named<pidkit::PidCase> {
    Named {
        all: pidkit::PidCase::ALL,
        name: pidkit::PidCase::name,
        about: pidkit::PidCase::about,
    }
}

/// The help of `--profile`: every name the library takes, with what it means.
pub fn profile_help() -> String {
    let mut s = String::from(
        "Rule sets, one or more separated by commas, each of one family (the others keep \
         their defaults):",
    );
    for (name, about) in pidkit::ReadOptions::profiles() {
        s.push_str(&format!("\n  {name:<9} {about}"));
    }
    s
}

/// The address of every resolution service of the library's schemes, one option each
/// (`--resolver` for DOIs, `--registry` for IVOIDs …), with its environment variable and
/// default: [`pidkit::scheme::services`].
#[derive(Debug, Clone, Default)]
pub struct ServiceArgs {
    /// `(service name, address)` for every service.
    pub addresses: Vec<(&'static str, String)>,
    /// The services whose address was given (option or environment), not defaulted.
    pub given: Vec<&'static str>,
}

impl ServiceArgs {
    /// The addresses as the resolver's configuration: only those given are marked as set, so
    /// that an identifier that names its own server (an ARK's NMA) is asked there otherwise.
    pub fn endpoints(&self) -> pidkit_resolve::Endpoints {
        let mut e = pidkit_resolve::Endpoints::default();
        for (name, url) in &self.addresses {
            if self.given.contains(name) {
                e.set(name, url.clone());
            }
        }
        e
    }
}

impl FromArgMatches for ServiceArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut out = ServiceArgs::default();
        out.update_from_arg_matches(m)?;
        Ok(out)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.addresses.clear();
        self.given.clear();
        for s in pidkit::scheme::services() {
            if let Some(v) = m.get_one::<String>(s.flag) {
                self.addresses.push((s.name, v.clone()));
            }
            if matches!(
                m.value_source(s.flag),
                Some(
                    clap::parser::ValueSource::CommandLine | clap::parser::ValueSource::EnvVariable
                )
            ) {
                self.given.push(s.name);
            }
        }
        Ok(())
    }
}

impl Args for ServiceArgs {
    fn augment_args(mut cmd: Command) -> Command {
        for s in pidkit::scheme::services() {
            cmd = cmd.arg(
                Arg::new(s.flag)
                    .long(s.flag)
                    .value_name("URL")
                    .env(s.env)
                    .default_value(s.default)
                    .help(s.about),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}
