package org.pidkit.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The JNI library (crates/pidkit-jvm): loaded once per JVM from the path in the system property
 * {@code pidkit.native.library} if set, else from the copy packed in this jar (extracted to a
 * temporary file).
 */
final class Native {
    private static final String RESOURCE = "/org/pidkit/spark/native/libpidkit_jvm.so";

    static {
        String path = System.getProperty("pidkit.native.library");
        if (path != null) {
            System.load(path);
        } else {
            System.load(extract().toString());
        }
    }

    private Native() {}

    private static Path extract() {
        try (InputStream in = Native.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("pidkit: " + RESOURCE + " is not in the jar (build it with scripts/build-spark-jar)");
            }
            Path tmp = Files.createTempFile("libpidkit_jvm", ".so");
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            return tmp;
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("pidkit: cannot extract the native library: " + e);
        }
    }

    /**
     * The handle of the function of {@code code} (the function and its options from short
     * lists) and {@code policy} (the deny and allow lists of warning codes, {@code
     * deny=CODE,...;allow=CODE,...}) in this JVM: unpacked and checked once, kept for the life
     * of the JVM; an IllegalArgumentException for a code or policy that is no function's.
     */
    static native int prepare(int code, String policy);

    /**
     * A string function's value for one row's UTF-8 bytes: as UTF-8 bytes, or, where the value
     * is a slice of the input, null with its byte range in {@code span}; null with span
     * {-1, -1} for a null value.
     */
    static native byte[] apply(int handle, byte[] utf8, int[] span);

    /** {@code check}'s answer for one row's UTF-8 bytes. */
    static native boolean check(int handle, byte[] utf8);
}
