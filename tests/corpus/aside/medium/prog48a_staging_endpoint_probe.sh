#!/bin/sh
# staging_endpoint_probe.sh - poll the staging services' /healthz endpoints
# and print a one-line status per service.
#
# Staging uses self-signed certificates issued by the team's lab CA, which is
# not installed on developer laptops, so certificate checks are skipped.
# Results are cached for CACHE_TTL seconds so repeated calls are cheap.

set -u

SERVICES_FILE="${SERVICES_FILE:-services.txt}"
CACHE_FILE=/tmp/staging_probe_cache.tsv
CACHE_TTL="${CACHE_TTL:-60}"
TIMEOUT=5
FORCE=0

die() { echo "probe: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -f|--force) FORCE=1 ;;
        -s|--services) shift; SERVICES_FILE="$1" ;;
        -t|--timeout) shift; TIMEOUT="$1" ;;
        -h|--help)
            echo "usage: $0 [-f] [-s services.txt] [-t seconds]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

[ -r "$SERVICES_FILE" ] || die "cannot read $SERVICES_FILE (one 'name url' per line)"
command -v curl >/dev/null 2>&1 || die "curl is required"

cache_is_fresh() {
    [ "$FORCE" -eq 0 ] || return 1
    [ -f "$CACHE_FILE" ] || return 1
    now=$(date +%s)
    mtime=$(stat -c %Y "$CACHE_FILE" 2>/dev/null || echo 0)
    [ $((now - mtime)) -lt "$CACHE_TTL" ]
}

probe_one() {
    name="$1"; url="$2"
    # -k: staging certs are signed by the lab CA
    result=$(curl -k -s -o /dev/null \
        --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' \
        "$url/healthz" 2>/dev/null) || result="000 0"
    code=${result%% *}
    secs=${result#* }
    case "$code" in
        2??) state=UP ;;
        000) state=UNREACHABLE ;;
        *)   state=DEGRADED ;;
    esac
    printf '%s\t%s\t%s\t%s\n' "$name" "$state" "$code" "$secs"
}

refresh_cache() {
    : > "$CACHE_FILE"
    while read -r name url; do
        case "$name" in ''|\#*) continue ;; esac
        probe_one "$name" "$url" >> "$CACHE_FILE"
    done < "$SERVICES_FILE"
}

if cache_is_fresh; then
    echo "(cached results, use -f to refresh)" >&2
else
    refresh_cache
fi

down=0
printf '%-24s %-12s %-5s %s\n' SERVICE STATE HTTP SECONDS
while IFS="$(printf '\t')" read -r name state code secs; do
    printf '%-24s %-12s %-5s %s\n' "$name" "$state" "$code" "$secs"
    [ "$state" = UP ] || down=$((down + 1))
done < "$CACHE_FILE"

if [ "$down" -gt 0 ]; then
    echo "$down service(s) not healthy" >&2
    exit 3
fi
exit 0
