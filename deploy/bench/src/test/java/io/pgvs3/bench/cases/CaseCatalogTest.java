package io.pgvs3.bench.cases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CaseCatalogTest {
    @Test
    void caseNamesAreUnique() {
        List<CaseSpec> all = CaseCatalog.all();
        assertEquals(all.size(), all.stream().map(CaseSpec::name).distinct().count());
    }

    @Test
    void theSmokeSetCallsEveryOperationOnceAndOneLargeObject() {
        List<CaseSpec> smoke = CaseCatalog.matching("smoke");
        Set<String> allOps = CaseCatalog.all().stream().map(c -> c.workload().op()).collect(Collectors.toSet());
        assertEquals(allOps, smoke.stream().map(c -> c.workload().op()).collect(Collectors.toSet()));
        List<String> large = smoke.stream().filter(c -> c.workload().size() > 1 << 20).map(CaseSpec::name).toList();
        assertEquals(List.of("get-8m-w1"), large, "one small large-object case keeps BenchSmokeIT short");
        assertEquals(allOps.size() + 1, smoke.size());
    }

    @Test
    void everyFloorRunsAtOneAndSixteenWorkersAndTheSmokeSetHasEach() {
        assertEquals(List.of("floor-pk-4k-w1", "floor-jaxrs-4k-w1", "floor-jaxrs-s3-4k-w1", "floor-pk-4k-w16",
                        "floor-jaxrs-4k-w16", "floor-jaxrs-s3-4k-w16"),
                CaseCatalog.matching("floor-*").stream().map(CaseSpec::name).toList());
        List<String> smoke = CaseCatalog.matching("smoke").stream().map(CaseSpec::name).toList();
        assertTrue(smoke.containsAll(List.of("floor-pk-4k-w16", "floor-jaxrs-4k-w16", "floor-jaxrs-s3-4k-w16")),
                smoke::toString);
    }

    @Test
    void globsSelectInCatalogueOrder() {
        assertEquals(List.of("get-4k-w1", "get-4k-w16", "get-4k-w64", "get-4k-w256"),
                CaseCatalog.matching("get-4k-*").stream().map(CaseSpec::name).toList());
        assertEquals(List.of("get-8m-w1", "get-8m-w8", "get-64m-w1", "get-64m-w8"),
                CaseCatalog.matching("get-*m-*").stream().map(CaseSpec::name).toList());
        assertThrows(IllegalArgumentException.class, () -> CaseCatalog.matching("nothing-*"));
    }
}
