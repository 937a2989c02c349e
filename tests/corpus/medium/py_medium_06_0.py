
import pickle
with open("model.pkl", "rb") as f:
    model = pickle.load(f)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
