#!/usr/bin/env python3
"""Plot survey results with Japanese/Chinese category labels.

Matplotlib's default DejaVu font has no CJK glyphs, so the script makes
sure Noto Sans CJK is installed system-wide before drawing the charts.
"""
import argparse
import logging
import shutil
import subprocess
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
from matplotlib import font_manager
import matplotlib.pyplot as plt
import pandas as pd

log = logging.getLogger("cjk_chart")
FONT_NAME = "Noto Sans CJK JP"
SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/noto-cjk")
BUNDLED_FONTS = Path("fonts")


def have_font(name: str) -> bool:
    return any(f.name == name for f in font_manager.fontManager.ttflist)


def install_fonts(src_dir: Path) -> int:
    candidates = sorted(src_dir.glob("*.otf")) + sorted(src_dir.glob("*.ttc"))
    if not candidates:
        raise FileNotFoundError(f"no .otf/.ttc files in {src_dir}")
    SYSTEM_FONT_DIR.mkdir(parents=True, exist_ok=True)
    for font in candidates:
        target = SYSTEM_FONT_DIR / font.name
        shutil.copy2(font, target)
        target.chmod(0o644)
        log.info("installed %s", target)
    subprocess.run(["fc-cache", "-f", str(SYSTEM_FONT_DIR)], check=False)
    for font in SYSTEM_FONT_DIR.iterdir():
        font_manager.fontManager.addfont(str(font))
    return len(candidates)


def chart(df: pd.DataFrame, question: str, out_dir: Path) -> Path:
    counts = df[question].value_counts().sort_values()
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(counts) + 1.5))
    counts.plot.barh(ax=ax, color="#4C72B0")
    ax.set_title(question)
    ax.set_xlabel("回答数 / responses")
    for i, v in enumerate(counts.values):
        ax.text(v + 0.3, i, str(v), va="center", fontsize=8)
    fig.tight_layout()
    dest = out_dir / f"{abs(hash(question)) % 10**8:08d}.png"
    fig.savefig(dest, dpi=120)
    plt.close(fig)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("survey_csv")
    ap.add_argument("--questions", nargs="+")
    ap.add_argument("--out", type=Path, default=Path("survey_charts"))
    ap.add_argument("--font-dir", type=Path, default=BUNDLED_FONTS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not have_font(FONT_NAME):
        log.info("%s not available, installing from %s", FONT_NAME, args.font_dir)
        try:
            install_fonts(args.font_dir)
        except (OSError, FileNotFoundError) as exc:
            log.warning("font install failed (%s); labels may render as boxes", exc)
    plt.rcParams["font.family"] = [FONT_NAME, "DejaVu Sans"]

    df = pd.read_csv(args.survey_csv, encoding="utf-8")
    questions = args.questions or [c for c in df.columns if df[c].dtype == object][:10]
    args.out.mkdir(parents=True, exist_ok=True)
    index = []
    for q in questions:
        if q not in df.columns:
            log.warning("no column %r", q)
            continue
        index.append((q, chart(df, q, args.out).name))
    pd.DataFrame(index, columns=["question", "file"]).to_csv(args.out / "index.csv", index=False)
    log.info("drew %d charts", len(index))


if __name__ == "__main__":
    main()
