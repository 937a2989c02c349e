#!/bin/sh
# Provision the configuration for the maubot-based Matrix ops bot on this host.
# Creates the service account, installs the config and plugin directory and
# sets ownership so only the bot account can read its access token.
#
# Usage: matrix_bot_provision.sh [-n] <homeserver-url> <bot-mxid>
#   -n   dry run: print what would be done
set -eu

BOT_USER="maubot"
CONF_DIR="/etc/maubot"
DATA_DIR="/var/lib/maubot"
PLUGIN_DIR="/usr/local/share/maubot/plugins"
DRY_RUN=0

say() { printf '[provision] %s\n' "$*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        run "$@"
    else
        run sudo "$@"
    fi
}

render_config() {
    # $1 = homeserver, $2 = mxid; token is filled in later by `maubot login`
    cat <<CFG
homeserver:
  address: $1
  domain: ${2#*:}
bot:
  user_id: $2
  access_token: CHANGE_ME
plugin_directories:
  upload: ${PLUGIN_DIR}
  load: [${PLUGIN_DIR}]
database: sqlite:///${DATA_DIR}/maubot.db
logging:
  level: INFO
CFG
}

while getopts n opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        *) sed -n '2,8p' "$0"; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '2,8p' "$0"; exit 64; }
HOMESERVER=$1
MXID=$2

case $MXID in
    @*:*) ;;
    *) say "bot id must look like @name:server"; exit 65 ;;
esac

if ! getent passwd "$BOT_USER" >/dev/null 2>&1; then
    say "creating system user $BOT_USER"
    as_root useradd --system --home-dir "$DATA_DIR" --shell /usr/sbin/nologin "$BOT_USER"
fi

say "creating directories"
as_root install -d -m 0750 -o root -g "$BOT_USER" "$CONF_DIR"
as_root install -d -m 0750 -o "$BOT_USER" -g "$BOT_USER" "$DATA_DIR"
as_root install -d -m 0755 -o root -g root "$PLUGIN_DIR"

staging="./maubot-config.yaml"
render_config "$HOMESERVER" "$MXID" > "$staging"
say "installing $CONF_DIR/config.yaml"
as_root install -m 0640 -o root -g "$BOT_USER" "$staging" "$CONF_DIR/config.yaml"
rm -f "$staging"

for plugin in ./plugins/*.mbp; do
    [ -e "$plugin" ] || continue
    say "installing plugin $(basename "$plugin")"
    as_root install -m 0644 -o root -g root "$plugin" "$PLUGIN_DIR/"
done

as_root chown -R "$BOT_USER:$BOT_USER" "$DATA_DIR"
say "done; run 'maubot login' as $BOT_USER to fill in the access token"
