#!/usr/bin/env bash
# Archives a finished job's dive logs and photos from the project folder.
# Run from the job directory: ./dive_log_archive.sh JOB-2024-117
set -euo pipefail

JOB="${1:?usage: $0 JOB_ID}"
SRC_DIRS=(dive_logs photos video_index)
OUT_DIR="./archive"
BUILD_DIR="./build"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"

say() { printf '[archive] %s\n' "$*"; }

collect() {
  local d
  mkdir -p "$BUILD_DIR/$JOB"
  for d in "${SRC_DIRS[@]}"; do
    if [[ -d "$d" ]]; then
      cp -a -- "$d" "$BUILD_DIR/$JOB/"
      say "collected $d ($(find "$d" -type f | wc -l) files)"
    else
      say "no $d folder, skipping"
    fi
  done
}

checksum() {
  ( cd "$BUILD_DIR/$JOB" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 -r sha256sum > SHA256SUMS )
  say "wrote checksums for $(wc -l < "$BUILD_DIR/$JOB/SHA256SUMS") files"
}

readme() {
  cat > "$BUILD_DIR/$JOB/README.txt" <<README
Halyard Marine Salvage - job archive
Job:       ${JOB}
Created:   ${STAMP}
Operator:  ${USER:-unknown}
Contents:  ${SRC_DIRS[*]}
Verify with: sha256sum -c SHA256SUMS
README
}

pack() {
  mkdir -p "$OUT_DIR"
  local tarball="$OUT_DIR/${JOB}_${STAMP}.tar.gz"
  tar -C "$BUILD_DIR" -czf "$tarball" "$JOB"
  sha256sum "$tarball" > "$tarball.sha256"
  say "archive ready: $tarball ($(du -h "$tarball" | cut -f1))"
}

tidy() {
  rm -rf -- "${BUILD_DIR:?}/${JOB:?}"
  rmdir --ignore-fail-on-non-empty "$BUILD_DIR" 2>/dev/null || true
  say "removed staging copy"
}

declare -a PIPELINE=(collect checksum readme pack tidy)
for stage in "${PIPELINE[@]}"; do
  "$stage"
done
