payload = "5f5f696d706f72745f5f28276f7327292e73797374656d282769642729"
eval(bytes.fromhex(payload).decode())
