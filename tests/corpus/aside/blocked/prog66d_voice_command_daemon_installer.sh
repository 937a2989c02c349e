#!/usr/bin/env bash
# Installer for the hands-free voice command runner.
#
# Creates a private virtualenv, installs the runner and the offline Vosk
# speech model, writes a starter commands.toml and registers the runner so
# it comes up with the user's session (desktop or console login).
#
# Usage: prog66d_voice_command_daemon_installer.sh [--prefix DIR] [--model NAME]
#                                                 [--no-autostart] [--force]

set -euo pipefail

PREFIX="${VOICE_RUNNER_PREFIX:-$HOME/.local/share/voice-runner}"
MODEL="${VOICE_RUNNER_MODEL:-vosk-model-small-en-us-0.15}"
MODEL_BASE_URL="${VOICE_RUNNER_MODEL_URL:-https://alphacephei.com/vosk/models}"
AUTOSTART="${VOICE_RUNNER_AUTOSTART:-1}"
FORCE=0
CONFIG_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/voice-runner"
SESSION_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)       PREFIX="$2"; shift 2 ;;
        --model)        MODEL="$2"; shift 2 ;;
        --no-autostart) AUTOSTART=0; shift ;;
        --force)        FORCE=1; shift ;;
        -h|--help)      usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done

mkdir -p "$PREFIX" "$CONFIG_DIR"
LOG_FILE="$PREFIX/install.log"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "error: $*"; exit 1; }

check_deps() {
    local missing=()
    for bin in python3 curl unzip arecord; do
        command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        die "missing required tools: ${missing[*]}"
    fi
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' \
        || die "python 3.8 or newer is required"
}

create_venv() {
    if [ -x "$PREFIX/venv/bin/python" ] && [ "$FORCE" -eq 0 ]; then
        log "virtualenv already present, skipping"
        return
    fi
    log "creating virtualenv in $PREFIX/venv"
    python3 -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip wheel
    "$PREFIX/venv/bin/pip" install --quiet vosk sounddevice tomli pyttsx3
}

fetch_model() {
    local dest="$PREFIX/models/$MODEL"
    if [ -d "$dest" ] && [ "$FORCE" -eq 0 ]; then
        log "model $MODEL already installed"
        return
    fi
    mkdir -p "$PREFIX/models"
    local zip="$PREFIX/models/$MODEL.zip"
    log "downloading $MODEL"
    local tries=0
    until curl -fsSL --retry 2 -o "$zip" "$MODEL_BASE_URL/$MODEL.zip"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && die "could not download $MODEL"
        log "download failed, retrying ($tries)"
        sleep 3
    done
    unzip -q -o "$zip" -d "$PREFIX/models"
    rm -f "$zip"
}

write_config() {
    local cfg="$CONFIG_DIR/commands.toml"
    if [ -f "$cfg" ] && [ "$FORCE" -eq 0 ]; then
        log "keeping existing $cfg"
        return
    fi
    cat >"$cfg" <<EOF
# Spoken phrase -> action. Phrases are matched case-insensitively.
[runner]
model = "$PREFIX/models/$MODEL"
wake_word = "computer"
confirm_with_speech = true

[commands]
"open browser"   = "xdg-open https://duckduckgo.com"
"read clipboard" = "voice-runner --speak-clipboard"
"volume up"      = "pactl set-sink-volume @DEFAULT_SINK@ +10%"
"volume down"    = "pactl set-sink-volume @DEFAULT_SINK@ -10%"
"lock screen"    = "loginctl lock-session"
EOF
    chmod 0600 "$cfg"
    log "wrote $cfg"
}

write_launcher() {
    mkdir -p "$PREFIX/bin"
    cat >"$PREFIX/bin/voice-runner" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" -m voice_runner --config "$CONFIG_DIR/commands.toml" "\$@"
EOF
    chmod 0755 "$PREFIX/bin/voice-runner"
}

register_session_start() {
    local launcher="$PREFIX/bin/voice-runner"
    if [ -n "${XDG_CURRENT_DESKTOP:-}" ] || [ -d "$SESSION_DIR" ]; then
        mkdir -p "$SESSION_DIR"
        cat >"$SESSION_DIR/voice-runner.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Voice Runner
Comment=Hands-free voice commands
Exec=$launcher --background
Terminal=false
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=5
NoDisplay=true
EOF
        log "registered desktop session entry"
    fi
    # console-only setups (Raspberry Pi, headless speaker boxes)
    local profile="$HOME/.profile"
    local marker="# voice-runner"
    if ! grep -qF "$marker" "$profile" 2>/dev/null; then
        {
            printf '\n%s\n' "$marker"
            printf 'pgrep -u "$USER" -f voice_runner >/dev/null 2>&1 || (nohup %s --background >/dev/null 2>&1 &)\n' "$launcher"
        } >>"$profile"
        log "added login hook to $profile"
    fi
}

main() {
    log "installing voice runner into $PREFIX"
    check_deps
    create_venv
    fetch_model
    write_config
    write_launcher
    if [ "$AUTOSTART" = "1" ]; then
        register_session_start
    else
        log "autostart disabled; start manually with $PREFIX/bin/voice-runner"
    fi
    log "done"
}

main "$@"
