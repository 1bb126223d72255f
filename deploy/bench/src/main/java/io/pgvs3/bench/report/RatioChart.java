package io.pgvs3.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A horizontal bar chart of ratios on a log axis (1× in the middle, so "half as fast" and "twice as
 * fast" look equally far), drawn with Java2D in headless mode: no plotting library, no display.
 */
final class RatioChart {
    /** One case's bars: a label and one ratio per series (NaN: no bar). */
    record Row(String label, double[] ratios) {
    }

    private static final Color[] SERIES_COLORS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c)};
    private static final double MIN = 0.01;
    private static final double MAX = 100;
    private static final int LABEL_WIDTH = 200;
    private static final int PLOT_WIDTH = 640;
    private static final int BAR = 12;
    private static final int TOP = 60;

    private RatioChart() {
    }

    static void write(Path png, String title, List<String> series, List<Row> rows) throws IOException {
        int rowHeight = BAR * series.size() + 8;
        int height = TOP + rows.size() * rowHeight + 50;
        int width = LABEL_WIDTH + PLOT_WIDTH + 30;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString(title, 10, 20);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            legend(g, series);
            grid(g, TOP, TOP + rows.size() * rowHeight);
            for (int r = 0; r < rows.size(); r++) {
                Row row = rows.get(r);
                int y = TOP + r * rowHeight + 4;
                g.setColor(Color.BLACK);
                g.drawString(row.label(), 10, y + rowHeight / 2);
                for (int s = 0; s < series.size(); s++) {
                    double ratio = row.ratios()[s];
                    if (!Double.isFinite(ratio) || ratio <= 0) {
                        continue;
                    }
                    int x1 = x(1);
                    int x2 = x(ratio);
                    g.setColor(SERIES_COLORS[s % SERIES_COLORS.length]);
                    g.fillRect(Math.min(x1, x2), y + s * BAR, Math.max(1, Math.abs(x2 - x1)), BAR - 2);
                    g.setColor(Color.DARK_GRAY);
                    g.drawString(Cells.ratio(ratio), Math.max(x1, x2) + 3, y + s * BAR + BAR - 3);
                }
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static void legend(Graphics2D g, List<String> series) {
        int x = 10;
        for (int s = 0; s < series.size(); s++) {
            g.setColor(SERIES_COLORS[s % SERIES_COLORS.length]);
            g.fillRect(x, 32, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(series.get(s), x + 16, 42);
            x += 24 + g.getFontMetrics().stringWidth(series.get(s));
        }
    }

    private static void grid(Graphics2D g, int top, int bottom) {
        for (double v = MIN; v <= MAX * 1.001; v *= 10) {
            int x = x(v);
            g.setColor(v == 1 ? Color.BLACK : Color.LIGHT_GRAY);
            g.setStroke(new BasicStroke(v == 1 ? 2f : 1f));
            g.drawLine(x, top, x, bottom);
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, v < 1 ? "%.2f×" : "%.0f×", v), x - 12, bottom + 16);
        }
        g.setStroke(new BasicStroke(1f));
    }

    /** Pixel column of a ratio on the clamped log axis. */
    private static int x(double ratio) {
        double clamped = Math.max(MIN, Math.min(MAX, ratio));
        double f = (Math.log10(clamped) - Math.log10(MIN)) / (Math.log10(MAX) - Math.log10(MIN));
        return LABEL_WIDTH + (int) Math.round(f * PLOT_WIDTH);
    }
}
