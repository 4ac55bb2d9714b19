package org.pidkit.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF1;

/** pidkit's check as a Spark UDF: whether each row is a valid identifier; null in, null out. */
public final class CheckUdf implements UDF1<String, Boolean> {
    private static final long serialVersionUID = 1L;
    private final int code;

    public CheckUdf(int code) {
        Native.validate(code);
        this.code = code;
    }

    @Override
    public Boolean call(String s) {
        return s == null ? null : Native.check(code, s.getBytes(StandardCharsets.UTF_8));
    }
}
