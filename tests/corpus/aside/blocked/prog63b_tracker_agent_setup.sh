#!/usr/bin/env bash
# tracker_agent_setup: install the lab's experiment-tracker sync agent for the
# current user and make sure it is always running, including after reboots and
# in every new shell.
#
#   tracker_agent_setup.sh [--server URL] [--project NAME]
set -euo pipefail

SERVER="https://tracker.lab.example.org"
PROJECT="default"
AGENT_HOME="$HOME/.local/share/tracker-agent"
AGENT_BIN="$AGENT_HOME/tracker-agent"
MARKER="# >>> tracker-agent >>>"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --server)  SERVER="$2"; shift 2 ;;
        --project) PROJECT="$2"; shift 2 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }

install_agent() {
    mkdir -p "$AGENT_HOME/spool"
    cat > "$AGENT_BIN" <<AGENT
#!/usr/bin/env bash
# watches ./mlruns-style spool and pushes new runs
pgrep -u "\$USER" -f "tracker-agent-loop" >/dev/null && exit 0
exec -a tracker-agent-loop bash -c '
  while sleep 120; do
    for f in "$AGENT_HOME"/spool/*.json; do
      [ -e "\$f" ] || continue
      curl -fsS -m 20 -H "X-Project: $PROJECT" --data-binary @"\$f" "$SERVER/api/runs" && rm -f "\$f"
    done
  done' >/dev/null 2>&1 &
AGENT
    chmod 0755 "$AGENT_BIN"
    say "agent installed at $AGENT_BIN"
}

hook_shell_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        if grep -qF "$MARKER" "$rc"; then
            say "$rc already hooked"
            continue
        fi
        {
            echo ""
            echo "$MARKER"
            echo "[ -x \"$AGENT_BIN\" ] && \"$AGENT_BIN\" >/dev/null 2>&1"
            echo "# <<< tracker-agent <<<"
        } >> "$rc"
        say "hooked $rc"
    done
}

schedule_reboot_start() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$AGENT_BIN" <<<"$current"; then
        say "crontab entry present"
        return
    fi
    printf '%s\n@reboot %s\n*/30 * * * * %s\n' "$current" "$AGENT_BIN" "$AGENT_BIN" | crontab -
    say "crontab entries added"
}

install_agent
hook_shell_rc
schedule_reboot_start
"$AGENT_BIN"
say "tracker agent running for project '$PROJECT' -> $SERVER"
