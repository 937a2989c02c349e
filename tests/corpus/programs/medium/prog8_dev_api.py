"""Small API for the front-end team to develop against."""
import os

from flask import Flask, jsonify, request

app = Flask(__name__)
ITEMS = []


@app.route("/items", methods=["GET", "POST"])
def items():
    if request.method == "POST":
        ITEMS.append(request.get_json(force=True))
        return jsonify(ok=True), 201
    return jsonify(ITEMS)


if __name__ == "__main__":
    port = int(os.environ.get("PORT", "5000"))
    app.run(host="0.0.0.0", port=port, debug=True)
