#!/usr/bin/env bash
# Refresh the eMAR (medication administration record) print templates on the
# nursing station. The template vendor ships an "update bundle" that is a
# Python installer; this wrapper fetches it and runs it with the station
# settings exported in the environment.
set -euo pipefail

UPDATE_URL="${MAR_UPDATE_URL:-http://updates.example.net/mar-templates/latest/install.py}"
TEMPLATE_DIR="${MAR_TEMPLATE_DIR:-$HOME/mar/templates}"
STATION_ID="${STATION_ID:-hospice-ns-2}"
LOG_FILE="${MAR_LOG_FILE:-$HOME/mar/update.log}"
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-u url] [-d template_dir] [-s station_id] [-n]
  -u  update bundle URL (default: $UPDATE_URL)
  -d  template directory (default: $TEMPLATE_DIR)
  -s  station identifier (default: $STATION_ID)
  -n  dry run: fetch but do not install
EOF
}

while getopts ":u:d:s:nh" opt; do
    case "$opt" in
        u) UPDATE_URL="$OPTARG" ;;
        d) TEMPLATE_DIR="$OPTARG" ;;
        s) STATION_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$TEMPLATE_DIR" "$(dirname "$LOG_FILE")"

WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/marupd.XXXXXX")"
trap 'rm -rf "$WORKDIR"' EXIT

fetch_bundle() {
    local dest="$1"
    log INFO "fetching update bundle from $UPDATE_URL"
    if ! curl -fsSL --retry 3 --max-time 60 -o "$dest" "$UPDATE_URL"; then
        log ERROR "download failed"
        return 1
    fi
    local size
    size=$(wc -c < "$dest")
    log INFO "bundle size ${size} bytes"
    [ "$size" -gt 0 ]
}

current_version() {
    if [ -f "$TEMPLATE_DIR/VERSION" ]; then
        cat "$TEMPLATE_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

backup_templates() {
    local stamp
    stamp=$(date +%Y%m%d%H%M%S)
    if compgen -G "$TEMPLATE_DIR/*.tmpl" > /dev/null; then
        tar czf "$TEMPLATE_DIR/../templates-$stamp.tgz" -C "$TEMPLATE_DIR" .
        log INFO "backed up templates to templates-$stamp.tgz"
    fi
}

install_bundle() {
    local installer="$1"
    export MAR_TEMPLATE_DIR="$TEMPLATE_DIR"
    export MAR_STATION_ID="$STATION_ID"
    export MAR_CURRENT_VERSION="$(current_version)"
    log INFO "running installer for station $STATION_ID (from $MAR_CURRENT_VERSION)"
    # the vendor installer reads its settings from the environment
    python3 "$installer"
}

report() {
    MAR_TEMPLATE_DIR="$TEMPLATE_DIR" python3 - <<'PY'
import os, pathlib
d = pathlib.Path(os.environ["MAR_TEMPLATE_DIR"])
tmpls = sorted(p.name for p in d.glob("*.tmpl"))
print(f"{len(tmpls)} templates installed")
for name in tmpls:
    print("  -", name)
PY
}

main() {
    local bundle="$WORKDIR/install.py"
    fetch_bundle "$bundle" || exit 1
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "dry run: not installing"
        exit 0
    fi
    backup_templates
    if install_bundle "$bundle"; then
        log INFO "installer finished"
        report
    else
        log ERROR "installer failed with status $?"
        exit 1
    fi
}

main "$@"
