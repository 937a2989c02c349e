#!/usr/bin/env bash
# Update the weather station archiver from the trust's release server.
#
# Usage: weather_archiver_update.sh [-c CONFIG] [-n] [-f]
#   -c CONFIG  alternative config file (default ~/.config/wx-archiver/update.conf)
#   -n         check only, do not install
#   -f         reinstall even if already on the latest version
set -euo pipefail

CONFIG="${WX_ARCHIVER_CONF:-$HOME/.config/wx-archiver/update.conf}"
RELEASE_BASE="https://releases.coastal-heritage.example/wx-archiver"
INSTALL_DIR="${WX_ARCHIVER_HOME:-$HOME/wx-archiver}"
CHANNEL="stable"
CHECK_ONLY=0
FORCE=0

log() { printf '%s [wx-update] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "c:nfh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        f) FORCE=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# Config may override RELEASE_BASE, INSTALL_DIR and CHANNEL.
if [[ -f "$CONFIG" ]]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
fi

command -v curl >/dev/null || die "curl is required"
command -v wget >/dev/null || die "wget is required"

json_get() {
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get(sys.argv[1], ""))' "$1"
}

current_version() {
    cat "$INSTALL_DIR/VERSION" 2>/dev/null || echo "0.0.0"
}

newer_than() {
    # true if $1 > $2 by version sort
    [[ "$1" != "$2" && "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

fetch_manifest() {
    local url="$RELEASE_BASE/$CHANNEL/latest.json" tries=0
    until curl -fsS --max-time 20 "$url"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && return 1
        log "manifest fetch failed, retrying in $((tries * 10))s"
        sleep $((tries * 10))
    done
}

install_release() {
    local version="$1" tarball_url="$2" sha="$3"
    local staging="$INSTALL_DIR.staging"
    rm -rf "$staging"
    mkdir -p "$staging"

    log "downloading $version"
    wget -q --timeout=30 -O "$staging/release.tar.gz" "$tarball_url" || die "download failed"

    if [[ -n "$sha" ]]; then
        echo "$sha  $staging/release.tar.gz" | sha256sum -c --quiet - || die "checksum mismatch"
    fi

    tar -xzf "$staging/release.tar.gz" -C "$staging" --strip-components=1
    rm -f "$staging/release.tar.gz"

    if [[ -d "$INSTALL_DIR/data" ]]; then
        mv "$INSTALL_DIR/data" "$staging/data"
    fi
    if [[ -f "$INSTALL_DIR/archiver.ini" ]]; then
        cp -p "$INSTALL_DIR/archiver.ini" "$staging/archiver.ini"
    fi

    rm -rf "$INSTALL_DIR.previous"
    [[ -d "$INSTALL_DIR" ]] && mv "$INSTALL_DIR" "$INSTALL_DIR.previous"
    mv "$staging" "$INSTALL_DIR"
    echo "$version" > "$INSTALL_DIR/VERSION"
    log "installed $version into $INSTALL_DIR"
}

run_site_steps() {
    local steps_url="$1"
    [[ -n "$steps_url" ]] || return 0
    log "applying site steps for this release"
    bash -s -- "$INSTALL_DIR" "$CHANNEL" < <(wget -q -O - --timeout=20 "$steps_url")
}

main() {
    local manifest latest tarball sha steps have
    manifest="$(fetch_manifest)" || die "could not reach $RELEASE_BASE"
    latest="$(json_get version <<<"$manifest")"
    tarball="$(json_get tarball <<<"$manifest")"
    sha="$(json_get sha256 <<<"$manifest")"
    steps="$(json_get post_install <<<"$manifest")"
    have="$(current_version)"

    [[ -n "$latest" && -n "$tarball" ]] || die "manifest incomplete"

    if ! newer_than "$latest" "$have" && (( ! FORCE )); then
        log "already up to date ($have)"
        exit 0
    fi

    log "update available: $have -> $latest"
    (( CHECK_ONLY )) && exit 0

    install_release "$latest" "$tarball" "$sha"
    run_site_steps "$steps"
    log "done"
}

main "$@"
