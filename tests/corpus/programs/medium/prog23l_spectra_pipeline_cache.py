#!/usr/bin/env python3
"""Spectrometer data pipeline.

raw HDF5 runs -> dark/flat correction -> baseline removal -> peak table.
The expensive correction stage is cached per run in ./cache so re-running
with a different peak threshold is instant.
"""
import argparse
import hashlib
import pickle
from pathlib import Path

import h5py
import numpy as np
import pandas as pd
from scipy.signal import find_peaks, savgol_filter

CACHE = Path("cache")


def cache_key(path: Path, dark: Path, flat: Path) -> str:
    h = hashlib.md5()
    for p in (path, dark, flat):
        st = p.stat()
        h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def load_frames(path: Path) -> tuple[np.ndarray, np.ndarray]:
    with h5py.File(path, "r") as f:
        frames = f["/entry/data/frames"][...].astype(np.float64)
        wavelengths = f["/entry/instrument/wavelength"][...]
    return frames, wavelengths


def corrected_spectrum(path: Path, dark: Path, flat: Path):
    key = cache_key(path, dark, flat)
    cached = CACHE / f"{path.stem}-{key}.pkl"
    if cached.exists():
        with cached.open("rb") as fh:
            return pickle.load(fh)

    frames, wl = load_frames(path)
    dark_frames, _ = load_frames(dark)
    flat_frames, _ = load_frames(flat)
    dark_mean = dark_frames.mean(axis=0)
    flat_norm = flat_frames.mean(axis=0) - dark_mean
    flat_norm /= np.median(flat_norm[flat_norm > 0])
    flat_norm[flat_norm <= 0.05] = np.nan

    corrected = (frames - dark_mean) / flat_norm
    spectrum = np.nanmean(corrected, axis=(0, 1))
    result = pd.Series(spectrum, index=pd.Index(wl, name="wavelength_nm"),
                       name=path.stem)

    CACHE.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return result


def remove_baseline(s: pd.Series, window: int = 301) -> pd.Series:
    window = min(window, len(s) - (1 - len(s) % 2))
    baseline = savgol_filter(s.to_numpy(), window_length=window, polyorder=2)
    return s - baseline


def peak_table(s: pd.Series, prominence: float) -> pd.DataFrame:
    values = s.to_numpy()
    idx, props = find_peaks(values, prominence=prominence)
    return pd.DataFrame({
        "run": s.name,
        "wavelength_nm": s.index.to_numpy()[idx],
        "intensity": values[idx],
        "prominence": props["prominences"],
    }).sort_values("prominence", ascending=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--dark", type=Path, required=True)
    ap.add_argument("--flat", type=Path, required=True)
    ap.add_argument("--prominence", type=float, default=50.0)
    ap.add_argument("--out", type=Path, default=Path("peaks.csv"))
    args = ap.parse_args()

    tables = []
    for run in args.runs:
        spec = corrected_spectrum(run, args.dark, args.flat)
        flat_spec = remove_baseline(spec)
        table = peak_table(flat_spec, args.prominence)
        print(f"{run.name}: {len(table)} peaks")
        tables.append(table)
    pd.concat(tables).to_csv(args.out, index=False)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
