package org.pidkit.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF1;

/**
 * pidkit's check as a Spark UDF: whether each row is a valid identifier; null in, null out.
 * The code and the policy carry the options (pidkit._pidkit.jvm_spec); see {@link StringUdf}.
 */
public final class CheckUdf implements UDF1<String, Boolean> {
    private static final long serialVersionUID = 2L;
    private final int code;
    private final String policy;
    /** The function's handle in this JVM: 0 until the first row (not serialized). */
    private transient int handle;

    public CheckUdf(int code, String policy) {
        this.handle = Native.prepare(code, policy);
        this.code = code;
        this.policy = policy;
    }

    @Override
    public Boolean call(String s) {
        if (s == null) {
            return null;
        }
        int h = handle;
        if (h == 0) {
            h = Native.prepare(code, policy);
            handle = h;
        }
        return Native.check(h, s.getBytes(StandardCharsets.UTF_8));
    }
}
