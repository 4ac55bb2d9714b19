package org.pidkit.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF1;

/**
 * A pidkit string function (kind, normalize, key, doi_name) as a Spark UDF: null in, null out.
 * The code carries the function and its options (pidkit._pidkit.jvm_code).
 */
public final class StringUdf implements UDF1<String, String> {
    private static final long serialVersionUID = 1L;
    private final int code;

    public StringUdf(int code) {
        Native.validate(code);
        this.code = code;
    }

    @Override
    public String call(String s) {
        if (s == null) {
            return null;
        }
        // Spark decodes its UTF-8 into this String (malformed bytes as U+FFFD), so encoding it
        // again gives the row's text unchanged.
        byte[] out = Native.apply(code, s.getBytes(StandardCharsets.UTF_8));
        return out == null ? null : new String(out, StandardCharsets.UTF_8);
    }
}
