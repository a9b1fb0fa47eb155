package dev.podium.common;

/** A host's class as the service names it for runs and A/B comparisons alike (read-api.md). */
public final class HostClass {

    private HostClass() {}

    /** "<cpuModel> · <vcpus> vCPU · <memory GiB rounded> GiB". */
    public static String of(String cpuModel, int vcpus, long memoryBytes) {
        return cpuModel + " · " + vcpus + " vCPU · " + Math.round(memoryBytes / (double) (1L << 30)) + " GiB";
    }
}
