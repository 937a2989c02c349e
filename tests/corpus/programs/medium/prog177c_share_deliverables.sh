#!/usr/bin/env bash
# Quickly share a job's deliverables folder with someone on the site LAN
# (client rep's laptop, the other crew's tablet) without going via email.
set -euo pipefail

PORT="${SHARE_PORT:-8000}"
JOBS_ROOT="${HS_JOBS_ROOT:-$HOME/Projects}"
MINUTES=30

usage() {
    echo "usage: $0 <job-number> [-p port] [-t minutes]"
}

[[ $# -ge 1 ]] || { usage; exit 1; }
JOB="$1"; shift

while getopts "p:t:" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        t) MINUTES="$OPTARG" ;;
        *) usage; exit 1 ;;
    esac
done

SRC="${JOBS_ROOT}/${JOB}/deliverables"
if [[ ! -d "$SRC" ]]; then
    echo "no deliverables folder for ${JOB} at ${SRC}" >&2
    exit 1
fi

# Stage a copy so nobody can browse into working files.
STAGE="/tmp/hs-share-${JOB}"
rm -rf "$STAGE"
mkdir -p "$STAGE"
cp -r "$SRC"/. "$STAGE"/
file_count=$(find "$STAGE" -type f | wc -l)

addr=$(hostname -I 2>/dev/null | awk '{print $1}')
echo "sharing ${file_count} file(s) for ${JOB}"
echo "open http://${addr:-this-machine}:${PORT}/ on the other device"
echo "server stops after ${MINUTES} minute(s)"

cd "$STAGE"
timeout "$(( MINUTES * 60 ))" python3 -m http.server "$PORT" --bind 0.0.0.0 || true

rm -rf "$STAGE"
echo "share closed"
