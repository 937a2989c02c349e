#!/bin/sh
# Package build contexts from ./services/* and publish them over HTTP so
# the remote kaniko builders in the lab VLAN can fetch them with
#   --context=http://<this-host>:8765/<service>.tar.gz
#
# usage: context_share.sh [-p PORT] [-o OUTDIR] [service...]

set -eu

PORT=8765
OUTDIR=dist/contexts
SERVICES_DIR=services

while getopts "p:o:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        *) echo "usage: $0 [-p PORT] [-o OUTDIR] [service...]" >&2; exit 1 ;;
    esac
done
shift $((OPTIND - 1))

info() { echo "[context-share] $*" >&2; }

list_services() {
    if [ "$#" -gt 0 ]; then
        for s in "$@"; do echo "$s"; done
    else
        for d in "$SERVICES_DIR"/*/; do
            [ -f "${d}Dockerfile" ] && basename "$d"
        done
    fi
}

pack_service() {
    svc="$1"
    src="$SERVICES_DIR/$svc"
    if [ ! -f "$src/Dockerfile" ]; then
        info "skip $svc: no Dockerfile"
        return 0
    fi
    excludes=""
    if [ -f "$src/.dockerignore" ]; then
        excludes="--exclude-from=$src/.dockerignore"
    fi
    # shellcheck disable=SC2086
    tar -C "$src" $excludes --sort=name --mtime='2020-01-01' --owner=0 --group=0 \
        -czf "$OUTDIR/$svc.tar.gz" .
    sum=$(sha256sum "$OUTDIR/$svc.tar.gz" | cut -d' ' -f1)
    printf '%s  %s.tar.gz\n' "$sum" "$svc" >> "$OUTDIR/SHA256SUMS"
    info "packed $svc ($sum)"
}

mkdir -p "$OUTDIR"
: > "$OUTDIR/SHA256SUMS"

count=0
for svc in $(list_services "$@"); do
    pack_service "$svc"
    count=$((count + 1))
done

if [ "$count" -eq 0 ]; then
    info "no services found under $SERVICES_DIR"
    exit 1
fi

ip=$(hostname -I 2>/dev/null | awk '{print $1}')
info "$count contexts ready; builders can use http://${ip:-<host>}:$PORT/<service>.tar.gz"
info "press Ctrl-C to stop serving"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUTDIR"
