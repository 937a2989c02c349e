#!/bin/sh
# image_pipeline_bootstrap.sh - set up the photo desk asset pipeline on a workstation
#
# Creates the working folders, a Python venv with the resize/EXIF tooling,
# writes pipeline.conf and makes sure the asset sync keeps running so new
# agency photos show up in the picture desk without anyone starting it.
#
#   ./image_pipeline_bootstrap.sh [--root DIR] [--bucket NAME]

set -eu

ROOT="${PWD}/photo-pipeline"
BUCKET="newsroom-photo-ingest"
SYNC_EVERY=10
PY="${PYTHON:-python3}"

while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT="$2"; shift 2 ;;
        --bucket) BUCKET="$2"; shift 2 ;;
        --every) SYNC_EVERY="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

say() { echo "[bootstrap] $*"; }

make_dirs() {
    for d in incoming processed rejected logs bin; do
        mkdir -p "$ROOT/$d"
    done
}

make_venv() {
    if [ ! -x "$ROOT/.venv/bin/python" ]; then
        say "creating venv"
        "$PY" -m venv "$ROOT/.venv"
    fi
    "$ROOT/.venv/bin/pip" install --quiet --upgrade pip
    "$ROOT/.venv/bin/pip" install --quiet pillow piexif boto3
}

write_conf() {
    cat > "$ROOT/pipeline.conf" <<EOF
bucket=$BUCKET
incoming=$ROOT/incoming
processed=$ROOT/processed
rejected=$ROOT/rejected
max_edge=2400
jpeg_quality=85
EOF
}

write_sync_script() {
    cat > "$ROOT/bin/asset-sync" <<EOF
#!/bin/sh
cd "$ROOT" || exit 0
. ./pipeline.conf 2>/dev/null
exec "$ROOT/.venv/bin/python" -m photodesk.sync --conf "$ROOT/pipeline.conf" >> "$ROOT/logs/sync.log" 2>&1
EOF
    chmod 0755 "$ROOT/bin/asset-sync"
}

keep_sync_running() {
    marker="# photodesk-asset-sync"
    tab="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$marker" > "$tab" || true
    printf '*/%s * * * * %s %s\n' "$SYNC_EVERY" "$ROOT/bin/asset-sync" "$marker" >> "$tab"
    printf '@reboot %s %s\n' "$ROOT/bin/asset-sync" "$marker" >> "$tab"
    crontab "$tab"
    rm -f "$tab"

    rc="$HOME/.bashrc"
    if ! grep -q "$marker" "$rc" 2>/dev/null; then
        {
            echo ""
            echo "$marker"
            echo "pgrep -f photodesk.sync >/dev/null 2>&1 || (nohup $ROOT/bin/asset-sync >/dev/null 2>&1 &)"
        } >> "$rc"
    fi
}

main() {
    say "root: $ROOT"
    make_dirs
    make_venv
    write_conf
    write_sync_script
    keep_sync_running
    say "done - drop images into $ROOT/incoming"
}

main
