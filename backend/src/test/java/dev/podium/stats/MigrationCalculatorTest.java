package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Figures worked by hand from methodology section 6. */
class MigrationCalculatorTest {

    @Test
    void every_intermediate_figure_follows_section_6() {
        // N = 4, ACRPS = 1000, ARRPS = 3000, R = 2: CRPS = 250, PRPS = 500, APRPS = 2000,
        // without = ceil(2000 / 250) = 8, with = ceil(1000 / 500) = 2, saved = 6
        MigrationCalculator.Result r =
                MigrationCalculator.compute(4, 2.0, List.of(new MigrationCalculator.Api(1000, 3000)));
        MigrationCalculator.ApiResult a = r.apis().get(0);
        assertEquals(250.0, a.perServerToday());
        assertEquals(500.0, a.perServerAfter());
        assertEquals(2000.0, a.systemAfter());
        assertEquals(8, a.serversToAddWithout());
        assertEquals(2, a.serversToAddWith());
        assertEquals(6, a.serversSaved());
    }

    @Test
    void additions_are_never_below_zero() {
        // ACRPS 5000 already exceeds ARRPS 3000: ceil(-2000 / 1250) would be -1, the calculator says 0
        MigrationCalculator.Result r =
                MigrationCalculator.compute(4, 2.0, List.of(new MigrationCalculator.Api(5000, 3000)));
        assertEquals(0, r.apis().get(0).serversToAddWithout());
        assertEquals(0, r.apis().get(0).serversToAddWith());
        assertEquals(0, r.totals().serversSaved());
    }

    @Test
    void partial_servers_round_up_and_totals_add_every_api() {
        // API 1: N = 3, ACRPS 900, ARRPS 1000, R = 1.27: CRPS 300, without = ceil(100 / 300) = 1,
        //        APRPS 1143 >= 1000 so with = 0
        // API 2: ACRPS 300, ARRPS 1000, R = 1.27: CRPS 100, without = ceil(700 / 100) = 7,
        //        PRPS 127, APRPS 381, with = ceil(619 / 127) = ceil(4.874) = 5
        MigrationCalculator.Result r = MigrationCalculator.compute(
                3, 1.27, List.of(new MigrationCalculator.Api(900, 1000), new MigrationCalculator.Api(300, 1000)));
        assertEquals(1, r.apis().get(0).serversToAddWithout());
        assertEquals(0, r.apis().get(0).serversToAddWith());
        assertEquals(7, r.apis().get(1).serversToAddWithout());
        assertEquals(5, r.apis().get(1).serversToAddWith());
        assertEquals(8, r.totals().serversToAddWithout());
        assertEquals(5, r.totals().serversToAddWith());
        assertEquals(3, r.totals().serversSaved());
    }

    @Test
    void a_slower_target_saves_a_negative_number_of_servers() {
        // R = 0.5: N = 2, ACRPS 1000, ARRPS 1000: without 0; APRPS 500, PRPS 250, with = ceil(500 / 250) = 2
        MigrationCalculator.Result r =
                MigrationCalculator.compute(2, 0.5, List.of(new MigrationCalculator.Api(1000, 1000)));
        assertEquals(0, r.totals().serversToAddWithout());
        assertEquals(2, r.totals().serversToAddWith());
        assertEquals(-2, r.totals().serversSaved());
    }
}
