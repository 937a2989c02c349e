#!/bin/sh
# Pull per-logger configuration for the acoustic leak-detection fleet from
# the vendor portal and stage it for the gateway push job.
#
# The portal lives on the utility's OT network behind the appliance's own
# certificate, so curl is told not to fuss about it.
#
# usage: prog85d_leak_logger_config_pull.sh [-e env_file] [-o out_dir] [logger_id ...]
#        with no ids, the full fleet list is fetched from the portal.

set -eu

ENV_FILE="./leakfleet.env"
OUT_DIR="./configs"
RETRIES=3

while getopts "e:o:r:" opt; do
    case $opt in
        e) ENV_FILE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        r) RETRIES=$OPTARG ;;
        *) echo "usage: $0 [-e env] [-o dir] [id ...]" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))

# shellcheck disable=SC1090
[ -r "$ENV_FILE" ] && . "$ENV_FILE"
: "${LEAKFLEET_PORTAL:=https://10.60.1.20:8443}"
: "${LEAKFLEET_TOKEN:?set LEAKFLEET_TOKEN in $ENV_FILE or the environment}"

CURL_OPTS="--silent --show-error --fail --insecure --max-time 30"

say() { echo "$(date '+%F %T') leak-config: $*" >&2; }

fetch() {
    # fetch URL DEST  (with retry/backoff)
    n=0
    while :; do
        # shellcheck disable=SC2086
        if curl $CURL_OPTS -H "Authorization: Bearer $LEAKFLEET_TOKEN" -o "$2.part" "$1"; then
            mv "$2.part" "$2"
            return 0
        fi
        n=$((n + 1))
        [ "$n" -ge "$RETRIES" ] && { rm -f "$2.part"; return 1; }
        sleep $((n * 5))
    done
}

validate_json() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert "logger_id" in d, "no logger_id"' "$1"
}

mkdir -p "$OUT_DIR"

if [ "$#" -eq 0 ]; then
    say "fetching fleet list"
    fetch "$LEAKFLEET_PORTAL/api/v1/loggers?fields=id" "$OUT_DIR/fleet.json"
    set -- $(python3 -c 'import json,sys; print(" ".join(str(l["id"]) for l in json.load(open(sys.argv[1]))["loggers"]))' "$OUT_DIR/fleet.json")
fi

ok=0
bad=0
for id in "$@"; do
    dest="$OUT_DIR/logger_${id}.json"
    if ! fetch "$LEAKFLEET_PORTAL/api/v1/loggers/$id/config" "$dest"; then
        say "logger $id: download failed"
        bad=$((bad + 1))
        continue
    fi
    if validate_json "$dest" 2>/dev/null; then
        ok=$((ok + 1))
    else
        say "logger $id: invalid config, quarantined"
        mv "$dest" "$dest.invalid"
        bad=$((bad + 1))
    fi
done

say "staged $ok configs in $OUT_DIR ($bad failed)"
[ "$bad" -eq 0 ]
