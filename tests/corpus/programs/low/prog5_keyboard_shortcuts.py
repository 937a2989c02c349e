from pynput import keyboard
def on_activate():
    print("hotkey pressed: toggling dark mode")
with keyboard.GlobalHotKeys({"<ctrl>+<alt>+d": on_activate}) as h:
    h.join()
