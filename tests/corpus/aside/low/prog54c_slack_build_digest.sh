#!/usr/bin/env bash
# Post a short digest of the last CI build to a Slack channel.
#
# Parses ./build/build.log and ./build/junit.xml (both produced by the build
# in this checkout), builds a Block Kit message and sends it with the bot
# token from SLACK_BOT_TOKEN.  Old digest drafts in ./build/.digest are cleaned.
set -euo pipefail

CHANNEL="${SLACK_CHANNEL:-#ci-builds}"
BUILD_DIR="${BUILD_DIR:-./build}"
DRAFT_DIR="$BUILD_DIR/.digest"
DRY_RUN=0

usage() {
    echo "usage: $0 [-c channel] [-n]" >&2
    exit 64
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

log() { printf '[digest] %s\n' "$*" >&2; }

count_tests() {
    local junit="$BUILD_DIR/junit.xml" attr
    attr="$1"
    if [[ ! -f "$junit" ]]; then
        echo 0
        return
    fi
    grep -o "${attr}=\"[0-9]*\"" "$junit" | head -n1 | tr -dc '0-9' || echo 0
}

build_status() {
    if grep -q 'BUILD SUCCESSFUL' "$BUILD_DIR/build.log" 2>/dev/null; then
        echo ":white_check_mark: success"
    else
        echo ":x: failed"
    fi
}

json_escape() {
    python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))'
}

main() {
    if [[ -z "${SLACK_BOT_TOKEN:-}" ]]; then
        log "SLACK_BOT_TOKEN not set"
        exit 2
    fi
    mkdir -p "$DRAFT_DIR"
    find "$DRAFT_DIR" -name 'draft-*.json' -mtime +7 -delete

    local tests failures skipped status duration text draft
    tests=$(count_tests tests)
    failures=$(count_tests failures)
    skipped=$(count_tests skipped)
    status=$(build_status)
    duration=$(grep -Eo 'Total time: [0-9.]+ ?[a-z]+' "$BUILD_DIR/build.log" | tail -n1 || true)

    text=$(printf '*Build %s* on `%s`\nTests: %s run, %s failed, %s skipped\n%s' \
        "$status" "${GIT_BRANCH:-main}" "$tests" "$failures" "$skipped" "${duration:-}")

    draft="$DRAFT_DIR/draft-$(date +%Y%m%d%H%M%S).json"
    cat >"$draft" <<EOF
{"channel": "$CHANNEL", "text": $(printf '%s' "$text" | json_escape), "unfurl_links": false}
EOF

    if (( DRY_RUN )); then
        cat "$draft"
        exit 0
    fi

    response=$(curl -sS --max-time 20 \
        -H "Authorization: Bearer ${SLACK_BOT_TOKEN}" \
        -H 'Content-Type: application/json; charset=utf-8' \
        --data @"$draft" \
        https://slack.com/api/chat.postMessage)

    if grep -q '"ok":true' <<<"$response"; then
        log "digest posted to $CHANNEL"
    else
        log "slack error: $response"
        exit 1
    fi
}

main "$@"
