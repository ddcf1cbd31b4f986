"""Write `filings_client/models.py` from the service's `openapi.json`: one pydantic model per
schema of the API document, so the client's types follow the API and cannot drift (the suite
regenerates them and compares). Run from the repository root:

    python clients/python/generate_models.py openapi.json clients/python/filings_client/models.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HEADER = '''"""The API's answers and requests as pydantic models, generated from openapi.json by
`generate_models.py`; do not edit by hand. Unknown keys are kept (`extra="allow"`), so a newer
server's additions never break an older client. `ANSWERS` lists, per operation, the shapes its
200 answer is one of (data first, then the miss): every field of a data shape is required and a
miss requires `error` and `failure_kind`, so exactly one shape validates an answer."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

'''


def annotation(schema: dict[str, Any], enums: set[str]) -> str:
    """The Python type of a JSON schema."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return "str" if name in enums else name
    for combined in ("anyOf", "oneOf"):
        if combined in schema:
            parts = [annotation(s, enums) for s in schema[combined]]
            return " | ".join(dict.fromkeys(parts))
    kind = schema.get("type")
    if "enum" in schema:
        return "Literal[" + ", ".join(json.dumps(v) for v in schema["enum"]) + "]"
    if kind == "string":
        return "str"
    if kind == "integer":
        return "int"
    if kind == "number":
        return "float"
    if kind == "boolean":
        return "bool"
    if kind == "null":
        return "None"
    if kind == "array":
        return f"list[{annotation(schema.get('items', {}), enums)}]"
    if kind == "object":
        extra = schema.get("additionalProperties")
        value = annotation(extra, enums) if isinstance(extra, dict) and extra else "Any"
        return f"dict[str, {value}]"
    return "Any"


def model(name: str, schema: dict[str, Any], enums: set[str]) -> str:
    """One model's source."""
    doc = (schema.get("description") or name).strip().replace('"""', "'''")
    lines = [
        f"class {name}(BaseModel):",
        f'    """{doc}"""',
        "",
        '    model_config = ConfigDict(extra="allow")',
    ]
    required = set(schema.get("required", []))
    for field, spec in schema.get("properties", {}).items():
        kind = annotation(spec, enums)
        description = json.dumps(spec.get("description", ""))
        if field in required:
            default = "..."
        elif "default" in spec and not isinstance(spec["default"], (dict, list)):
            default = repr(spec["default"])
        elif "default" in spec:
            default = "None"
            kind = f"{kind} | None" if "None" not in kind else kind
        else:
            default = "None"
            kind = f"{kind} | None" if "None" not in kind else kind
        lines.append(f"    {field}: {kind} = Field({default}, description={description})")
    return "\n".join(lines)


def answers(document: dict[str, Any]) -> dict[str, list[str]]:
    """Operation id -> the schemas its 200 JSON answer is one of, in the document's order."""
    found: dict[str, list[str]] = {}
    for operations in document["paths"].values():
        for operation in operations.values():
            content = operation["responses"].get("200", {}).get("content", {})
            schema = content.get("application/json", {}).get("schema", {})
            refs = schema.get("oneOf") or schema.get("anyOf") or []
            if refs and "operationId" in operation:
                found[operation["operationId"]] = [r["$ref"].rsplit("/", 1)[-1] for r in refs]
    return found


def generate(document: dict[str, Any]) -> str:
    """The models module for an OpenAPI document."""
    schemas = document["components"]["schemas"]
    enums = {name for name, s in schemas.items() if "enum" in s}
    parts = [HEADER]
    names = sorted(name for name in schemas if name not in enums)
    for name in names:
        parts.append(model(name, schemas[name], enums) + "\n\n")
    parts.append("\n".join(f"{name}.model_rebuild()" for name in names) + "\n")
    table = ",\n".join(
        f"    {op!r}: ({', '.join(shapes)},)" for op, shapes in sorted(answers(document).items())
    )
    parts.append(f"ANSWERS: dict[str, tuple[type[BaseModel], ...]] = {{\n{table},\n}}\n")
    return "\n".join(parts)


if __name__ == "__main__":
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    target.write_text(generate(json.loads(source.read_text())))
