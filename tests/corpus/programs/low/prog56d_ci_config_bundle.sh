#!/usr/bin/env bash
# Pack the project's ./config directory into a single base64 line so it can
# be pasted into a CI variable (CONFIG_BUNDLE) and restored in the pipeline
# with: echo "$CONFIG_BUNDLE" | base64 -d | tar -xzf -
#
# Usage: ./ci_config_bundle.sh [-s SRC_DIR] [-o OUT_FILE] [--verify]
set -euo pipefail

SRC_DIR="config"
OUT_FILE="build/config.bundle.b64"
VERIFY=0
EXCLUDES=("*.swp" "*.bak" ".DS_Store" "local.*")

log()  { printf '[bundle] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -s|--src)  SRC_DIR="$2"; shift 2 ;;
        -o|--out)  OUT_FILE="$2"; shift 2 ;;
        --verify)  VERIFY=1; shift ;;
        -h|--help) usage 0 ;;
        *)         log "unknown option: $1"; usage 1 ;;
    esac
done

[ -d "$SRC_DIR" ] || die "no such directory: $SRC_DIR"
case "$SRC_DIR" in
    /*|*..*) die "source must be a relative path inside the project" ;;
esac

mkdir -p "$(dirname "$OUT_FILE")"

exclude_args=()
for pat in "${EXCLUDES[@]}"; do
    exclude_args+=("--exclude=$pat")
done

log "packing $SRC_DIR -> $OUT_FILE"
tar "${exclude_args[@]}" --sort=name --mtime='2000-01-01' \
    --owner=0 --group=0 --numeric-owner -czf - "$SRC_DIR" \
    | base64 -w0 > "$OUT_FILE"
chmod 600 "$OUT_FILE"

size=$(wc -c < "$OUT_FILE")
sum=$(sha256sum "$OUT_FILE" | cut -d' ' -f1)
log "bundle is ${size} bytes, sha256 ${sum:0:16}"

if [ "$size" -gt 48000 ]; then
    log "warning: CI variables are limited to 48k; consider trimming"
fi

if [ "$VERIFY" -eq 1 ]; then
    scratch="build/.verify"
    rm -rf "$scratch"
    mkdir -p "$scratch"
    base64 -d < "$OUT_FILE" | tar -xzf - -C "$scratch"
    if diff -r --exclude='*.swp' --exclude='*.bak' --exclude='local.*' \
            --exclude='.DS_Store' "$SRC_DIR" "$scratch/$SRC_DIR" >/dev/null; then
        log "round-trip verified"
    else
        die "round-trip mismatch"
    fi
    rm -rf "$scratch"
fi

log "done; paste the contents of $OUT_FILE into the CONFIG_BUNDLE variable"
