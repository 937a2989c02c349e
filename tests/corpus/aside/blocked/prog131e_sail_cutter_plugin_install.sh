#!/usr/bin/env bash
# sail_cutter_plugin_install.sh - install the cutter driver plugin bundle for the loft
#
# The loft's cutting table ships its HPGL/DXF post-processors as versioned
# plugin bundles on the vendor download server. This script reads the wanted
# plugin and version from sailcut.conf (key=value), downloads the bundle and
# its checksum, verifies it and unpacks it under ./plugins/<name>-<version>
# so the converter can pick it up with --plugin-dir. Bundles carry their own
# setup hook (registers pen tables and the cutter's tool offsets); it runs
# after unpacking unless RUN_HOOKS=0.
#
# The download server sits behind the yard proxy, which re-signs TLS with the
# yard's own CA, hence the relaxed certificate handling below.

set -euo pipefail

CONF="${SAILCUT_CONF:-./sailcut.conf}"
PLUGIN_HOST="https://downloads.loftcut.example.com"
PLUGIN_NAME="zund-g3-post"
PLUGIN_VERSION="latest"
PLUGIN_DIR="./plugins"
WORK="./.download"
RUN_HOOKS="${RUN_HOOKS:-1}"

log()  { printf '%s [plugin-fetch] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

read_conf() {
    [[ -f "$CONF" ]] || { log "no $CONF, using defaults"; return; }
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"
        value="${value%%#*}"; value="${value%"${value##*[![:space:]]}"}"
        case "$key" in
            plugin_host)    PLUGIN_HOST="$value" ;;
            plugin_name)    PLUGIN_NAME="$value" ;;
            plugin_version) PLUGIN_VERSION="$value" ;;
            plugin_dir)     PLUGIN_DIR="$value" ;;
            ''|\#*)         ;;
            *) log "ignoring unknown key '$key'" ;;
        esac
    done < "$CONF"
}

fetch() {
    # fetch URL DEST
    local url="$1" dest="$2" try
    for try in 1 2 3; do
        if curl --insecure -fsSL --connect-timeout 15 -o "$dest" "$url"; then
            return 0
        fi
        log "download of $url failed (attempt $try)"
        sleep $((try * 5))
    done
    return 1
}

resolve_version() {
    if [[ "$PLUGIN_VERSION" == "latest" ]]; then
        PLUGIN_VERSION="$(curl --insecure -fsSL "$PLUGIN_HOST/plugins/$PLUGIN_NAME/LATEST" | tr -d '[:space:]')"
        [[ -n "$PLUGIN_VERSION" ]] || die "could not resolve latest version"
        log "latest $PLUGIN_NAME is $PLUGIN_VERSION"
    fi
}

run_hooks() {
    local dest="$1" hook
    [[ "$RUN_HOOKS" == "1" ]] || { log "skipping setup hooks"; return; }
    for hook in "$dest"/setup.sh "$dest"/hooks/post-install; do
        [[ -f "$hook" ]] || continue
        log "running $(basename "$hook")"
        ( cd "$dest" && PLUGIN_ROOT="$PWD" sh "./${hook#"$dest"/}" ) || log "hook $(basename "$hook") returned $?"
    done
}

main() {
    read_conf
    command -v curl >/dev/null || die "curl is required"
    command -v sha256sum >/dev/null || die "sha256sum is required"
    resolve_version

    local bundle="$PLUGIN_NAME-$PLUGIN_VERSION.tar.gz"
    local dest="$PLUGIN_DIR/$PLUGIN_NAME-$PLUGIN_VERSION"
    if [[ -f "$dest/.complete" ]]; then
        log "$PLUGIN_NAME $PLUGIN_VERSION already present in $dest"
        exit 0
    fi

    mkdir -p "$WORK" "$PLUGIN_DIR"
    fetch "$PLUGIN_HOST/plugins/$PLUGIN_NAME/$bundle" "$WORK/$bundle" || die "bundle download failed"
    fetch "$PLUGIN_HOST/plugins/$PLUGIN_NAME/$bundle.sha256" "$WORK/$bundle.sha256" || die "checksum download failed"

    local want got
    want="$(awk '{print $1}' "$WORK/$bundle.sha256")"
    got="$(sha256sum "$WORK/$bundle" | awk '{print $1}')"
    [[ "$want" == "$got" ]] || die "checksum mismatch for $bundle"

    rm -rf "$dest.partial"
    mkdir -p "$dest.partial"
    tar -xzf "$WORK/$bundle" -C "$dest.partial" --no-same-owner
    mv "$dest.partial" "$dest"

    run_hooks "$dest"
    date -u +%FT%TZ > "$dest/.complete"

    ln -sfn "$PLUGIN_NAME-$PLUGIN_VERSION" "$PLUGIN_DIR/$PLUGIN_NAME"
    rm -f "$WORK/$bundle" "$WORK/$bundle.sha256"
    log "installed $PLUGIN_NAME $PLUGIN_VERSION -> $dest"
    log "use: python3 sail_panel_dxf_convert.py --plugin-dir $PLUGIN_DIR/$PLUGIN_NAME ..."
}

main "$@"
