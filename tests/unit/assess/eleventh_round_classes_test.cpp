// The classes the eleventh round modelled (issue 14), found in the realworld
// corpus's seventh batch (public code this team did not write) and in probes
// of the rubric's families spelled less politely. Each attack has a benign
// neighbour that must stay where the rubric puts it. Strings here are never
// executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A Run key written through winreg (any spelling of the key's opening, with
// or without a context manager) is autostart persistence; the key's path
// arrives with its backslashes normalised to slashes, which the rule must
// accept (a persistence installer copying an exe and adding a Run value was
// rated LOW).
TEST(EleventhRoundClasses, RegistryRunKeysWrittenFromPythonPersist) {
  const Case cases[] = {
      {"OpenKey in a with block, SetValueEx of a copied exe", B,
       "import winreg, shutil, os\n"
       "dest = os.getenv('userprofile') + '\\\\Documents\\\\putty.exe'\nshutil.copyfile('putty.exe', dest)\n"
       "with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run', 0,\n"
       "                    winreg.KEY_ALL_ACCESS) as key:\n"
       "    winreg.SetValueEx(key, 'Windows-Update-Manager', 0, winreg.REG_SZ, dest)\n",
       "PERSISTENCE"},
      {"ConnectRegistry and CreateKeyEx in a helper, RunOnce", B,
       "import winreg, sys\n"
       "def persist(path):\n"
       "    reg = winreg.ConnectRegistry(None, winreg.HKEY_CURRENT_USER)\n"
       "    key = winreg.CreateKeyEx(reg, 'Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\RunOnce', 0,\n"
       "                             winreg.KEY_WRITE)\n"
       "    winreg.SetValueEx(key, 'Updater', 0, winreg.REG_SZ, path)\n"
       "persist(sys.argv[0])\n",
       "PERSISTENCE"},
      {"OpenKeyEx and SetValue", B,
       "import winreg\n"
       "k = winreg.OpenKeyEx(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run', 0,\n"
       "                     winreg.KEY_SET_VALUE)\nwinreg.SetValue(k, 'svc', winreg.REG_SZ, r'C:\\svc.exe')\n",
       "PERSISTENCE"},
      {"pywin32's RegOpenKeyEx and RegSetValueEx", B,
       "import win32api, win32con\n"
       "k = win32api.RegOpenKeyEx(win32con.HKEY_CURRENT_USER, 'Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Run',\n"
       "                          0, win32con.KEY_SET_VALUE)\n"
       "win32api.RegSetValueEx(k, 'agent', 0, win32con.REG_SZ, r'C:\\agent.exe')\n",
       "PERSISTENCE"},
      // Benign neighbours: the Run key read, and an application's own
      // settings written under its own key.
      {"the Run key read, the application's own settings written", L,
       "import winreg\n"
       "with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r'Software\\Microsoft\\Windows\\CurrentVersion\\Run') as key:\n"
       "    value, kind = winreg.QueryValueEx(key, 'OneDrive')\n    print(value)\n"
       "with winreg.CreateKeyEx(winreg.HKEY_CURRENT_USER, r'Software\\ExampleApp\\Settings', 0,\n"
       "                        winreg.KEY_WRITE) as key:\n"
       "    winreg.SetValueEx(key, 'theme', 0, winreg.REG_SZ, 'dark')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
