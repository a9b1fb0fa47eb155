import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * A JVM that does little but collect garbage: allocates N arrays of 1 KiB, then prints its process CPU time, its
 * collections and their time, so that gclog.sh can tell what a collection costs with and without the GC log that
 * the suite's JVMs write.
 */
public final class GcLogCost {
    static volatile Object sink;

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        for (long i = 0; i < n; i++) {
            sink = new byte[1024];
        }
        long collections = 0;
        long collectionMillis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collections += Math.max(0, gc.getCollectionCount());
            collectionMillis += Math.max(0, gc.getCollectionTime());
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.println(os.getProcessCpuTime() + " " + collections + " " + collectionMillis);
    }
}
