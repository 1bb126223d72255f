/**
 * A small property-test harness on plain JUnit Jupiter (ADR 34): {@link io.pgvs3.property.Property} runs a
 * check over inputs drawn by a {@link io.pgvs3.property.Gen}, each try from its own seeded random, under a
 * stall guard and a per-try allocation cap, and names the seed that replays a failure; {@link
 * io.pgvs3.property.Bytes} and {@link io.pgvs3.property.Text} draw (and damage) inputs for parsers of hostile
 * input; {@link io.pgvs3.property.FuzzSettings} reads the opt-in longer run. Test code only; it knows nothing of pgvs3.
 */
package io.pgvs3.property;
