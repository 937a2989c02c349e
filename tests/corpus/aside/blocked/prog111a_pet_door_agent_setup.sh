#!/usr/bin/env bash
# pet_door_agent_setup.sh - install the PawGate desktop door agent for this user
#
# The agent relays curfew changes and "pet went out" notifications from the
# hub to the desktop.  Installs into a private venv from the wheel shipped in
# ./dist, writes a default config, and makes sure the agent is running
# whenever the user has a session.
#
# usage: pet_door_agent_setup.sh [--hub HOST] [--wheel PATH] [--uninstall]
set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/pawgate-agent"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pawgate"
HUB="hearthlink.local"
WHEEL=""
UNINSTALL=0
MARK="pawgate-agent"

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --hub) HUB=$2; shift 2 ;;
        --wheel) WHEEL=$2; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

rc_files() {
    local f
    for f in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [[ -f "$f" ]] && echo "$f"
    done
}

# Insert (or replace) a marked block in a shell startup file.  Done in
# Python so re-running the installer never duplicates the block.
edit_block() {
    local file=$1 mode=$2
    BLOCK_FILE="$file" BLOCK_MODE="$mode" BLOCK_MARK="$MARK" BLOCK_BIN="$PREFIX/bin" BLOCK_CONF="$CONF_DIR" \
    python3 -c '
import os, re
path, mode, mark = os.environ["BLOCK_FILE"], os.environ["BLOCK_MODE"], os.environ["BLOCK_MARK"]
bindir, conf = os.environ["BLOCK_BIN"], os.environ["BLOCK_CONF"]
text = open(path).read()
text = re.sub(r"\n?# >>> %s >>>.*?# <<< %s <<<\n" % (mark, mark), "\n", text, flags=re.S)
if mode == "add":
    text = text.rstrip("\n") + "\n\n# >>> %s >>>\n" % mark + (
        "if ! pgrep -u \"$USER\" -f \"%s/pawgate-agent\" >/dev/null 2>&1; then\n"
        "    ( nohup \"%s/pawgate-agent\" --config \"%s/agent.toml\" >/dev/null 2>&1 & ) 2>/dev/null\n"
        "fi\n" % (bindir, bindir, conf)
    ) + "# <<< %s <<<\n" % mark
open(path, "w").write(text)
'
}

uninstall() {
    local f
    for f in $(rc_files); do edit_block "$f" remove; done
    pkill -u "$USER" -f "$PREFIX/bin/pawgate-agent" || true
    rm -rf -- "$PREFIX"
    info "agent removed (config kept in $CONF_DIR)"
}

write_config() {
    mkdir -p "$CONF_DIR"
    [[ -f "$CONF_DIR/agent.toml" ]] && { info "keeping existing config"; return; }
    cat >"$CONF_DIR/agent.toml" <<EOF
[hub]
host = "$HUB"
port = 8443

[notify]
door_events = true
curfew_changes = true
low_battery = true
EOF
    chmod 0600 "$CONF_DIR/agent.toml"
}

install_agent() {
    if [[ -z "$WHEEL" ]]; then
        WHEEL=$(ls -1t ./dist/pawgate_agent-*.whl 2>/dev/null | head -n1 || true)
    fi
    [[ -f "$WHEEL" ]] || fail "no agent wheel found; pass --wheel"
    info "creating venv in $PREFIX"
    python3 -m venv "$PREFIX"
    "$PREFIX/bin/pip" install --quiet --upgrade pip
    "$PREFIX/bin/pip" install --quiet "$WHEEL"
    [[ -x "$PREFIX/bin/pawgate-agent" ]] || fail "wheel did not provide pawgate-agent"
}

if (( UNINSTALL )); then uninstall; exit 0; fi

install_agent
write_config
for f in $(rc_files); do
    edit_block "$f" add
    info "hooked $f"
done
nohup "$PREFIX/bin/pawgate-agent" --config "$CONF_DIR/agent.toml" >/dev/null 2>&1 &
info "agent started (pid $!), talking to $HUB"
