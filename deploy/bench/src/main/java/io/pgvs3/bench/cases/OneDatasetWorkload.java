package io.pgvs3.bench.cases;

import java.util.List;

/**
 * A workload of single calls over one dataset, counted per request: GET, HEAD and PUT of its objects
 * and ranges of its one object. Subclasses say what a call is.
 */
abstract class OneDatasetWorkload extends S3Workload {
    final Dataset dataset;

    OneDatasetWorkload(Dataset dataset) {
        this.dataset = dataset;
    }

    /** Bytes per call: a whole object of the dataset, unless the call moves less. */
    @Override
    public long size() {
        return dataset.size();
    }

    @Override
    public final String unit() {
        return "req";
    }

    @Override
    final List<Dataset> data() {
        return List.of(dataset);
    }

    /** The dataset's keys, for a worker to pick from at random. */
    final String[] keys() {
        return dataset.keys().toArray(String[]::new);
    }
}
