#!/usr/bin/env bash
# firing_log_viewer.sh - pull the firing logs off the kiln controllers and
# serve them on the studio LAN so instructors can open them from any laptop.
#   usage: firing_log_viewer.sh [-p port] [-n] controller...

set -u

PORT=8000
NO_SERVE=0
STAGE=/tmp/kiln_firing_logs
ARCHIVE=/tmp/kiln_logs_latest.tar.gz

die() { echo "error: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 [-p port] [-n] controller-ip..." >&2
    exit 2
}

fetch_logs() {
    local host="$1"
    local dest="$STAGE/$host"
    mkdir -p "$dest"
    # controllers use a self-signed certificate
    if curl -k -fsS --max-time 30 -o "$ARCHIVE" "https://$host/logs/export.tar.gz"; then
        tar -xzf "$ARCHIVE" -C "$dest"
        echo "fetched logs from $host ($(ls "$dest" | wc -l) files)"
    else
        echo "warning: could not fetch logs from $host" >&2
    fi
}

write_index() {
    local index="$STAGE/index.html"
    {
        echo "<html><head><title>Firing logs</title></head><body><h1>Firing logs</h1><ul>"
        find "$STAGE" -type f -name '*.csv' | sort | while read -r f; do
            rel="${f#$STAGE/}"
            echo "<li><a href=\"$rel\">$rel</a></li>"
        done
        echo "</ul></body></html>"
    } > "$index"
}

serve() {
    echo "serving $STAGE on port $PORT (Ctrl-C to stop)"
    cd "$STAGE" || die "cannot enter $STAGE"
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

while getopts "p:nh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        n) NO_SERVE=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage

command -v curl >/dev/null || die "curl is required"
mkdir -p "$STAGE"

for controller in "$@"; do
    fetch_logs "$controller"
done
write_index

if [ "$NO_SERVE" -eq 0 ]; then
    serve
fi
