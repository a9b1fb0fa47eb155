package dev.podium.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The backend's packages as rooms: each arrow between two packages runs one way (features -> read core -> run/stats),
 * no package grows past 2,000 lines (main code only; tests may reach anywhere), no source file, main or test,
 * past 400 lines without a comment saying why, and no field injection (a bean takes what it needs in its constructor).
 */
class PackageArrowsTest {

    /** The read side's features: each its own package, built on the read core and never the other way. */
    private static final String[] FEATURES = {
        "dev.podium.leaderboard..",
        "dev.podium.history..",
        "dev.podium.scaling..",
        "dev.podium.latency..",
        "dev.podium.compare..",
        "dev.podium.calculator..",
        "dev.podium.framework..",
        "dev.podium.badge..",
        "dev.podium.snapshot..",
        "dev.podium.diff..",
        "dev.podium.changes..",
        "dev.podium.segment..",
        "dev.podium.cost..",
        "dev.podium.run.."
    };

    private static final int MAX_PACKAGE_LINES = 2_000;
    private static final int MAX_FILE_LINES = 400;

    private static JavaClasses backend;

    @BeforeAll
    static void importBackend() {
        backend = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.podium");
    }

    @Test
    void noArrowBetweenPackagesRunsBack() {
        // any cycle, two packages or more (run -> changes -> leaderboard -> run was one), fails with its arrows listed
        slices().matching("dev.podium.(*)..").should().beFreeOfCycles().check(backend);
    }

    @Test
    void theReadCoreKnowsNoFeature() {
        noClasses()
                .that()
                .resideInAPackage("dev.podium.read..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(FEATURES)
                .because("features build on the read core (query binding, filters, cells, answers, CSV)")
                .check(backend);
    }

    @Test
    void noFieldIsInjected() {
        noFields()
                .should()
                .beAnnotatedWith(Inject.class)
                .because("a bean takes what it needs in its constructor: each arrow is an import, each field final")
                .check(backend);
    }

    @Test
    void noSourceFileIsOver400LinesWithoutSayingWhy() throws IOException {
        Map<String, Integer> over = new TreeMap<>();
        for (Path root : new Path[] {Path.of("src/main/java"), Path.of("src/test/java")}) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(f);
                    int lines = text.split("\n", -1).length - 1;
                    if (lines > MAX_FILE_LINES
                            && !text.toLowerCase(java.util.Locale.ROOT).contains("over 400 lines")) {
                        over.put(root.relativize(f).toString(), lines);
                    }
                }
            }
        }
        assertEquals(
                Map.of(),
                over,
                "files over " + MAX_FILE_LINES
                        + " lines: split them, or say why in a comment (\"over 400 lines ...\")");
    }

    @Test
    void noPackageIsOver2000Lines() throws IOException {
        Map<String, Integer> over = new TreeMap<>();
        Path main = Path.of("src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            Map<String, Integer> lines = new TreeMap<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = main.relativize(f.getParent()).toString().replace('/', '.');
                lines.merge(pkg, Files.readAllLines(f).size(), Integer::sum);
            }
            assertEquals(false, lines.isEmpty(), "no sources under " + main.toAbsolutePath());
            lines.forEach((pkg, n) -> {
                if (n > MAX_PACKAGE_LINES) {
                    over.put(pkg, n);
                }
            });
        }
        assertEquals(Map.of(), over, "packages over " + MAX_PACKAGE_LINES + " lines: split them by noun");
    }
}
