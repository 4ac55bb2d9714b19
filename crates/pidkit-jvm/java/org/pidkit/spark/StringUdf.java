package org.pidkit.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF1;

/**
 * A pidkit string function (kind, normalize, key, doi_name) as a Spark UDF: null in, null out.
 * The code carries the function and its options from short lists, the policy the deny and
 * allow lists of warning codes (both made by pidkit._pidkit.jvm_spec). Spark serializes the
 * two with the UDF; in each executor JVM the first row turns them into a handle of the native
 * library (parsed and checked once, shared by every task of the JVM), and the rows pass that.
 */
public final class StringUdf implements UDF1<String, String> {
    private static final long serialVersionUID = 2L;
    /** Where {@link Native#apply} puts the range of a value that is a slice of the input. */
    private static final ThreadLocal<int[]> SPAN = ThreadLocal.withInitial(() -> new int[2]);
    private final int code;
    private final String policy;
    /** The function's handle in this JVM: 0 until the first row (not serialized). */
    private transient int handle;

    public StringUdf(int code, String policy) {
        this.handle = Native.prepare(code, policy);
        this.code = code;
        this.policy = policy;
    }

    @Override
    public String call(String s) {
        if (s == null) {
            return null;
        }
        // Spark decodes its UTF-8 into this String (malformed bytes as U+FFFD), so encoding it
        // again gives the row's text unchanged.
        int h = handle;
        if (h == 0) {
            h = Native.prepare(code, policy);
            handle = h;
        }
        byte[] in = s.getBytes(StandardCharsets.UTF_8);
        int[] span = SPAN.get();
        byte[] out = Native.apply(h, in, span);
        if (out != null) {
            return new String(out, StandardCharsets.UTF_8);
        }
        if (span[0] < 0) {
            return null;
        }
        if (span[0] == 0 && span[1] == in.length) {
            return s;
        }
        return new String(in, span[0], span[1] - span[0], StandardCharsets.UTF_8);
    }
}
