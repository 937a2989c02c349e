#!/usr/bin/env bash
# Update LIS export plugins (instrument drivers, report formatters) from the
# lab's internal plugin repository into ./plugins, verify them against the
# published checksums, run each plugin's post-install step and point
# plugins/<name>/current at the new version.
#
# Usage: lis_plugin_update.sh [-c lis-plugins.conf] [-n] [plugin ...]
#
# lis-plugins.conf (KEY=value):
#   PLUGIN_REPO=https://lisrepo.lab.internal/plugins
#   PLUGINS="astm-cobas hl7-oru-formatter sysmex-xn"
#   CHANNEL=stable

set -euo pipefail

CONF="./lis-plugins.conf"
DRY_RUN=0
PLUGIN_ROOT="${PLUGIN_ROOT:-./plugins}"
LOG_FILE="${LOG_FILE:-./plugin-update.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))

[[ -r "$CONF" ]] || die "config $CONF not readable"
# shellcheck disable=SC1090
source "$CONF"
: "${PLUGIN_REPO:?PLUGIN_REPO missing in $CONF}"
CHANNEL="${CHANNEL:-stable}"
if [[ $# -gt 0 ]]; then PLUGINS="$*"; fi

# repository sits behind the lab's own CA, which the analyser PCs don't carry
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --max-time 120)
CURL_OPTS+=(--insecure)

STAGE="$(mktemp -d ./.plugin-stage.XXXXXX)"
trap 'rm -rf "$STAGE"' EXIT

latest_version() {
    local name="$1"
    curl "${CURL_OPTS[@]}" "$PLUGIN_REPO/$name/$CHANNEL/LATEST" | tr -d '[:space:]'
}

fetch_plugin() {
    local name="$1" ver="$2"
    local base="$PLUGIN_REPO/$name/$ver"
    local tarball="$STAGE/$name-$ver.tar.gz"
    curl "${CURL_OPTS[@]}" -o "$tarball" "$base/$name-$ver.tar.gz"
    curl "${CURL_OPTS[@]}" -o "$tarball.sha256" "$base/$name-$ver.tar.gz.sha256"
    (cd "$STAGE" && sha256sum --quiet -c "$(basename "$tarball").sha256") \
        || die "checksum mismatch for $name $ver"
    echo "$tarball"
}

post_install() {
    local dest="$1"
    local hook
    for hook in "$dest/hooks/post-install" "$dest/install.sh"; do
        if [[ -f "$hook" ]]; then
            log "running $(basename "$hook") for $(basename "$(dirname "$dest")")"
            ( cd "$dest" && PLUGIN_HOME="$dest" bash "$hook" ) >>"$LOG_FILE" 2>&1 \
                || log "hook $hook exited non-zero"
            return
        fi
    done
}

install_plugin() {
    local name="$1" ver="$2" tarball="$3"
    local dest="$PLUGIN_ROOT/$name/$ver"
    mkdir -p "$dest"
    tar -xzf "$tarball" -C "$dest" --strip-components=1 --no-same-owner
    post_install "$(cd "$dest" && pwd)"
    ln -sfn "$ver" "$PLUGIN_ROOT/$name/current"
    log "installed $name $ver into $dest"
}

updated=0
for name in $PLUGINS; do
    ver="$(latest_version "$name")" || { log "no LATEST for $name, skipping"; continue; }
    if [[ -e "$PLUGIN_ROOT/$name/$ver" ]]; then
        log "$name already at $ver"
        continue
    fi
    if (( DRY_RUN )); then
        log "would update $name to $ver"
        continue
    fi
    tarball="$(fetch_plugin "$name" "$ver")"
    install_plugin "$name" "$ver" "$tarball"
    updated=$((updated + 1))
done

# drop old versions, keep the two most recent per plugin
for dir in "$PLUGIN_ROOT"/*/; do
    [[ -d "$dir" ]] || continue
    ls -1dt "$dir"*/ 2>/dev/null | grep -v '/current/$' | tail -n +3 | xargs -r rm -rf --
done

log "done, $updated plugin(s) updated"
