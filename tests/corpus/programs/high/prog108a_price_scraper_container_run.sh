#!/usr/bin/env bash
# price_scraper_container_run.sh - run the weekly supplier price scrape in its
# container on the back-office box.
#
# The back-office box has no docker CLI installed (only the engine that the
# stock-control appliance ships with), so this talks to the engine API directly.
#
#   SCRAPER_IMAGE   image to run      (default tackprice/scraper:3.2)
#   OUT_DIR         where trade_prices.csv lands (default ./output)
#   SUPPLIERS       suppliers.json to feed in (default ./suppliers.json)
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${SCRAPER_IMAGE:-tackprice/scraper:3.2}"
OUT_DIR="$(realpath -m "${OUT_DIR:-./output}")"
SUPPLIERS="$(realpath "${SUPPLIERS:-./suppliers.json}")"
NAME="price-scrape-$(date +%Y%m%d%H%M)"
TIMEOUT="${TIMEOUT:-1800}"

log() { echo "$(date '+%T') [scrape-run] $*"; }
die() { log "ERROR: $*"; exit 1; }

engine() {
    # engine METHOD PATH [JSON]
    local method="$1" path="$2" body="${3:-}"
    if [[ -n "$body" ]]; then
        curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" \
             -H "Content-Type: application/json" -d "$body" "$API$path"
    else
        curl -sS --fail-with-body --unix-socket "$DOCKER_SOCK" -X "$method" "$API$path"
    fi
}

pull_image() {
    local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
    if engine GET "/images/$IMAGE/json" >/dev/null 2>&1; then
        log "image $IMAGE present"
    else
        log "pulling $IMAGE"
        engine POST "/images/create?fromImage=$repo&tag=$tag" >/dev/null
    fi
}

create_container() {
    local spec
    spec=$(jq -n \
        --arg image "$IMAGE" \
        --arg out "$OUT_DIR" \
        --arg sup "$SUPPLIERS" \
        '{Image: $image,
          Cmd: ["--suppliers", "/in/suppliers.json", "--out", "/out/trade_prices.csv"],
          Env: ["TZ=Europe/London"],
          HostConfig: {
            Binds: [($sup + ":/in/suppliers.json:ro"), ($out + ":/out")],
            Memory: 536870912,
            NetworkMode: "bridge",
            AutoRemove: false
          }}')
    engine POST "/containers/create?name=$NAME" "$spec" | jq -r .Id
}

wait_for() {
    local id="$1" status
    status=$(curl -sS --unix-socket "$DOCKER_SOCK" --max-time "$TIMEOUT" \
             -X POST "$API/containers/$id/wait" | jq -r '.StatusCode // 1')
    echo "$status"
}

cleanup() {
    [[ -n "${CID:-}" ]] && engine DELETE "/containers/$CID?force=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

main() {
    [[ -S "$DOCKER_SOCK" ]] || die "engine socket $DOCKER_SOCK not found"
    [[ -f "$SUPPLIERS" ]] || die "suppliers file $SUPPLIERS missing"
    command -v jq >/dev/null || die "jq required"
    mkdir -p "$OUT_DIR"

    pull_image
    CID="$(create_container)"
    [[ -n "$CID" && "$CID" != "null" ]] || die "container create failed"
    log "created $NAME (${CID:0:12})"
    engine POST "/containers/$CID/start" >/dev/null
    log "scrape running, waiting up to ${TIMEOUT}s"

    rc="$(wait_for "$CID")"
    engine GET "/containers/$CID/logs?stdout=true&stderr=true&tail=40" \
        | tr -d '\000-\010' | sed 's/^/    /'
    if [[ "$rc" == "0" ]]; then
        log "done: $(wc -l < "$OUT_DIR/trade_prices.csv") rows in $OUT_DIR/trade_prices.csv"
    else
        die "scraper exited with status $rc"
    fi
}

main "$@"
