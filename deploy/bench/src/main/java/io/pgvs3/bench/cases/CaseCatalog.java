package io.pgvs3.bench.cases;

import io.pgvs3.bench.floor.PrimaryKeyFloor;
import io.pgvs3.bench.floor.RuntimeFloor;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The matrix, in the order it runs. Each case runs on every target its workload runs on, one target
 * after the other, so the floors' rows (PostgreSQL's and the runtime's) sit next to the S3 cases they
 * bound. Large objects (issue 8) are GET and PUT of 8 and 64 MiB at one and eight workers; their floors
 * are the {@code sol} command's.
 */
public final class CaseCatalog {
    private static final int[] SMALL_WORKERS = {1, 16, 64, 256};
    private static final int[] FLOOR_WORKERS = {1, 16};
    private static final int[] LARGE_WORKERS = {1, 8};
    /**
     * The seconds-long CI configuration ("--cases smoke"): every kind of call once, at modest concurrency,
     * plus one large GET (8 MiB, one worker) so a large body's path is exercised too; its prefill of 64 MiB
     * per target is what the smoke run can afford.
     */
    private static final String SMOKE = "floor-pk-4k-w16,floor-jaxrs-4k-w16,floor-jaxrs-s3-4k-w16,get-4k-w16,head-4k-w16,put-4k-w16,"
            + "get-8m-w1,range-*,list-*,delete-*";

    private CaseCatalog() {
    }

    public static List<CaseSpec> all() {
        List<CaseSpec> cases = new ArrayList<>();
        Workload floor = new PrimaryKeyFloor();
        Workload runtimeFloor = new RuntimeFloor(RuntimeFloor.Exchange.TRIVIAL);
        Workload s3ShapedFloor = new RuntimeFloor(RuntimeFloor.Exchange.S3);
        Workload get = new GetWorkload(Dataset.SMALL_4K);
        Workload head = new HeadWorkload(Dataset.SMALL_4K);
        Workload put = new PutWorkload(Dataset.SMALL_4K);
        for (int workers : SMALL_WORKERS) {
            if (IntStream.of(FLOOR_WORKERS).anyMatch(f -> f == workers)) {
                cases.add(new CaseSpec("floor-pk-4k-w" + workers, floor, workers));
                cases.add(new CaseSpec("floor-jaxrs-4k-w" + workers, runtimeFloor, workers));
                cases.add(new CaseSpec("floor-jaxrs-s3-4k-w" + workers, s3ShapedFloor, workers));
            }
            cases.add(new CaseSpec("get-4k-w" + workers, get, workers));
            cases.add(new CaseSpec("head-4k-w" + workers, head, workers));
            cases.add(new CaseSpec("put-4k-w" + workers, put, workers));
        }
        for (Dataset large : new Dataset[] {Dataset.LARGE_8M, Dataset.LARGE_64M}) {
            String size = large.size() / (1024 * 1024) + "m";
            for (int workers : LARGE_WORKERS) {
                cases.add(new CaseSpec("get-" + size + "-w" + workers, new GetWorkload(large), workers));
                cases.add(new CaseSpec("put-" + size + "-w" + workers, new PutWorkload(large), workers));
            }
        }
        cases.add(new CaseSpec("range-8k-of-64m-w16", new RangeWorkload(Dataset.BIG_64M, 8 * 1024), 16));
        cases.add(new CaseSpec("list-1000-w16", new ListWorkload(Dataset.LIST_1000), 16));
        cases.add(new CaseSpec("delete-objects-1000-w1", new DeleteObjectsWorkload(1000, 16), 1));
        return List.copyOf(cases);
    }

    /**
     * The cases whose names match one of the comma-separated globs ({@code *} matches anything), in
     * catalogue order; every case for an empty filter, the smoke set for "smoke".
     */
    public static List<CaseSpec> matching(String filter) {
        List<CaseSpec> all = all();
        if (filter == null || filter.isBlank()) {
            return all;
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String glob : (filter.equals("smoke") ? SMOKE : filter).split(",")) {
            patterns.add(Pattern.compile(Pattern.quote(glob.trim()).replace("*", "\\E.*\\Q")));
        }
        List<CaseSpec> chosen = all.stream()
                .filter(c -> patterns.stream().anyMatch(p -> p.matcher(c.name()).matches()))
                .toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no case matches '" + filter + "'; cases: "
                    + all.stream().map(CaseSpec::name).toList());
        }
        return chosen;
    }
}
