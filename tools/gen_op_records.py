#!/usr/bin/env python3
"""Generates C++ op records from the YAML op records under paddle/ops/yaml.

One record per op (DESIGN.md, "Ops: one record each"):

  - op: elementwise_add                 # the PaddlePaddle op type
    inputs: X, Y                        # X[] duplicable, X? dispensable
    outputs: Out
    attrs: int axis = -1, str s = ""    # "<type> <name> [= <default>]"; no default: required
    infer_meta: ElementwiseInferMeta(X, Y, axis, Out)   # phi:: function, args by slot/attr
    kernel: add(X, Y, axis, Out)        # PHI kernel name and argument order
    kernel_dtype: X                     # slot or dtype attr choosing the kernel (default: 1st input)
    grad: elementwise_add_grad          # grad op; its slots name their sources (see op_record.h)
    inplace: {Out: X}
    no_need_buffer: X
    host_inputs: Start, End             # inputs read on the host (shapes, scalars): kept on CPU
    tensor_attrs: {shape: [ShapeTensor, ShapeTensorList]}  # attr given by a tensor (all its
                                        # values) or a list of one-element tensors (host_inputs)
    build_infer_meta: F(ShapeTensor, ShapeTensorList, shape, Out)  # build-time InferMeta where
                                        # a tensor gives an attribute (its values unknown)
    random: true                        # draws random numbers
    side_effect: true                   # acts beyond its outputs (collectives, send/recv)
    no_kernel: true                     # run by the executor itself (feed, fetch, control flow)

A custom grad: grad: {op: scale, inputs: {X: Out@GRAD}, outputs: {Out: X@GRAD},
attrs: {scale: scale, bias: 0.0}} where a string value naming a forward attribute copies it.

Attribute types: int int64 float float64 bool str int[] int64[] float[] float64[] bool[] str[]
dtype (a VarType name or number, stored as INT) block.

Usage: gen_op_records.py <yaml_dir> <infermeta_dir> <output.cc> [--only OPS_FILE]
  --only: a tailored build (tools/tailor.sh) keeps only the ops listed (one per line).
"""
import os
import re
import sys

import yaml

ATTR_TYPES = {
    # yaml type: (proto AttrType, C++ literal maker)
    "int": ("INT", lambda v: f"static_cast<int>({int(v)})"),
    "int64": ("LONG", lambda v: f"static_cast<int64_t>({int(v)}LL)"),
    "float": ("FLOAT", lambda v: f"static_cast<float>({float(v)!r})"),
    "float64": ("FLOAT64", lambda v: f"static_cast<double>({float(v)!r})"),
    "bool": ("BOOLEAN", lambda v: "true" if v else "false"),
    "str": ("STRING", lambda v: f"std::string({cxx_str(v)})"),
    "int[]": ("INTS", lambda v: "std::vector<int>{" + ", ".join(str(int(x)) for x in v) + "}"),
    "int64[]": ("LONGS", lambda v: "std::vector<int64_t>{" + ", ".join(f"{int(x)}LL" for x in v) + "}"),
    "float[]": ("FLOATS", lambda v: "std::vector<float>{" + ", ".join(f"{float(x)!r}f" for x in v) + "}"),
    "float64[]": ("FLOAT64S", lambda v: "std::vector<double>{" + ", ".join(repr(float(x)) for x in v) + "}"),
    "bool[]": ("BOOLEANS", lambda v: "std::vector<bool>{" + ", ".join("true" if x else "false" for x in v) + "}"),
    "str[]": ("STRINGS", lambda v: "std::vector<std::string>{" + ", ".join(cxx_str(x) for x in v) + "}"),
    "dtype": ("INT", lambda v: f"static_cast<int>({dtype_number(v)})"),
    "block": ("BLOCK", lambda v: f"BlockRef{{{int(v)}}}"),
}
VAR_TYPES = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
             "float64": 6, "uint8": 20, "int8": 21, "bfloat16": 22, "complex64": 23,
             "complex128": 24}
ATTR_RE = re.compile(r"^\s*(\w+(?:\[\])?)\s+(\w+)\s*(?:=\s*(.+?))?\s*$")
CALL_RE = re.compile(r"^\s*(\w+)\s*\((.*)\)\s*$")


class RecordError(Exception):
    pass


def cxx_str(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def dtype_number(v):
    if isinstance(v, int):
        return v
    if str(v) not in VAR_TYPES:
        raise RecordError(f"unknown dtype default {v!r}")
    return VAR_TYPES[str(v)]


def split_list(value):
    """Splits "a, b[] = [1, 2], c" at top-level commas (not inside brackets or quotes)."""
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    items, depth, quote, cur = [], 0, None, ""
    for ch in str(value):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def parse_slot(text):
    name = text.strip()
    dispensable = name.endswith("?")
    name = name.rstrip("?")
    duplicable = name.endswith("[]")
    name = name[:-2] if duplicable else name
    return name, duplicable, dispensable


def parse_attr(text, op):
    m = ATTR_RE.match(text)
    if not m or m.group(1) not in ATTR_TYPES:
        raise RecordError(f"op {op}: bad attribute declaration {text!r}")
    typ, name, default = m.groups()
    value = None
    if default is not None:
        value = yaml.safe_load(default)
    return typ, name, value


def parse_call(text, op, what):
    m = CALL_RE.match(text)
    if not m:
        raise RecordError(f"op {op}: bad {what} {text!r}; expected Name(arg, ...)")
    args = [a.strip() for a in m.group(2).split(",") if a.strip()]
    return m.group(1), args


def arg_refs(args, inputs, attrs, outputs, op, what):
    refs = []
    for a in args:
        if a in inputs:
            refs.append(f"{{ArgRef::kInput, {inputs.index(a)}}}")
        elif a in attrs:
            refs.append(f"{{ArgRef::kAttr, {attrs.index(a)}}}")
        elif a in outputs:
            refs.append(f"{{ArgRef::kOutput, {outputs.index(a)}}}")
        else:
            raise RecordError(f"op {op}: {what} argument {a!r} is neither a slot nor an attribute")
    return "{" + ", ".join(refs) + "}"


def literal_attr(name, value):
    if isinstance(value, bool):
        return f"MakeAttr({cxx_str(name)}, {'true' if value else 'false'})"
    if isinstance(value, int):
        return f"MakeAttr({cxx_str(name)}, static_cast<int>({value}))"
    if isinstance(value, float):
        return f"MakeAttr({cxx_str(name)}, static_cast<float>({value!r}))"
    if isinstance(value, str):
        return f"MakeAttr({cxx_str(name)}, std::string({cxx_str(value)}))"
    raise RecordError(f"unsupported literal grad attribute {name}: {value!r}")


def emit_tensor_attrs(rec, inputs, attr_names, w):
    """tensor_attrs: {attr: [slot, ...]}: a non-duplicable slot holds all the values in one
    tensor, a duplicable one a tensor a value; each slot is dispensable and a host input."""
    op = rec["op"]
    in_index = {s[0]: i for i, s in enumerate(inputs)}
    host = set(split_list(rec.get("host_inputs")))
    for attr, slots in (rec.get("tensor_attrs") or {}).items():
        if attr not in attr_names:
            raise RecordError(f"op {op}: tensor_attrs names {attr!r}, which is not an attribute")
        fields = {}
        for slot in slots if isinstance(slots, list) else [slots]:
            if slot not in in_index:
                raise RecordError(f"op {op}: tensor_attrs slot {slot!r} is not an input")
            name, duplicable, dispensable = inputs[in_index[slot]]
            if not dispensable or slot not in host:
                raise RecordError(f"op {op}: tensor_attrs slot {slot!r} must be dispensable and "
                                  "a host input")
            field = "list" if duplicable else "tensor"
            if field in fields:
                raise RecordError(f"op {op}: tensor_attrs {attr!r} has two {field} slots")
            fields[field] = in_index[slot]
        w(f"    r.tensor_attrs.push_back({{{attr_names.index(attr)}, {fields.get('tensor', -1)}, "
          f"{fields.get('list', -1)}}});")


def emit_record(rec, out):
    op = rec["op"]
    known = {"op", "inputs", "outputs", "attrs", "infer_meta", "kernel", "kernel_dtype", "grad",
             "inplace", "no_need_buffer", "host_inputs", "random", "side_effect", "no_kernel",
             "comment", "tensor_attrs", "build_infer_meta"}
    unknown = set(rec) - known
    if unknown:
        raise RecordError(f"op {op}: unknown keys {sorted(unknown)}")
    inputs = [parse_slot(s) for s in split_list(rec.get("inputs"))]
    outputs = [parse_slot(s) for s in split_list(rec.get("outputs"))]
    attrs = [parse_attr(a, op) for a in split_list(rec.get("attrs"))]
    in_names = [s[0] for s in inputs]
    out_names = [s[0] for s in outputs]
    attr_names = [a[1] for a in attrs]
    w = out.append
    w("  {")
    w("    OpRecord r;")
    w(f"    r.type = {cxx_str(op)};")
    for field, slots in (("inputs", inputs), ("outputs", outputs)):
        items = ", ".join(f"{{{cxx_str(n)}, {str(d).lower()}, {str(p).lower()}}}" for n, d, p in slots)
        w(f"    r.{field} = {{{items}}};")
    for typ, name, value in attrs:
        proto_type, maker = ATTR_TYPES[typ]
        if value is None:
            w(f"    r.attrs.push_back({{{cxx_str(name)}, proto::{proto_type}, Attr(), true}});")
            w(f"    r.attrs.back().default_value.set_name({cxx_str(name)});")
            w(f"    r.attrs.back().default_value.set_type(proto::{proto_type});")
        else:
            w(f"    r.attrs.push_back({{{cxx_str(name)}, proto::{proto_type}, "
              f"MakeAttr({cxx_str(name)}, {maker(value)}), false}});")
    if rec.get("no_kernel"):
        w("    r.no_kernel = true;")
    if "infer_meta" in rec:
        fn, args = parse_call(rec["infer_meta"], op, "infer_meta")
        w(f"    r.infer_meta = phi::MakeInferMetaFn(&phi::{fn});")
        w(f"    r.infer_meta_args = {arg_refs(args, in_names, attr_names, out_names, op, 'infer_meta')};")
    elif not rec.get("no_kernel"):
        raise RecordError(f"op {op}: needs infer_meta")
    emit_tensor_attrs(rec, inputs, attr_names, w)
    if "build_infer_meta" in rec:
        if not rec.get("tensor_attrs"):
            raise RecordError(f"op {op}: build_infer_meta without tensor_attrs")
        fn, args = parse_call(rec["build_infer_meta"], op, "build_infer_meta")
        w(f"    r.build_infer_meta = phi::MakeInferMetaFn(&phi::{fn});")
        w(f"    r.build_infer_meta_args = "
          f"{arg_refs(args, in_names, attr_names, out_names, op, 'build_infer_meta')};")
    if "kernel" in rec:
        name, args = parse_call(rec["kernel"], op, "kernel")
        w(f"    r.kernel_name = {cxx_str(name)};")
        w(f"    r.kernel_args = {arg_refs(args, in_names, attr_names, out_names, op, 'kernel')};")
    elif not rec.get("no_kernel"):
        raise RecordError(f"op {op}: needs a kernel (or no_kernel: true)")
    if "kernel_dtype" in rec:
        src = rec["kernel_dtype"]
        if src not in in_names and src not in attr_names:
            raise RecordError(f"op {op}: kernel_dtype {src!r} is neither an input nor an attribute")
        w(f"    r.kernel_dtype_from = {cxx_str(src)};")
    grad = rec.get("grad")
    if isinstance(grad, str):
        w(f"    r.grad.op_type = {cxx_str(grad)};")
    elif isinstance(grad, dict):
        w(f"    r.grad.op_type = {cxx_str(grad['op'])};")
        w("    r.grad.copy_all_attrs = false;")
        for key, field in (("inputs", "inputs"), ("outputs", "outputs")):
            for slot, src in grad.get(key, {}).items():
                w(f"    r.grad.{field}.emplace_back({cxx_str(slot)}, {cxx_str(src)});")
        for name, value in grad.get("attrs", {}).items():
            if isinstance(value, str) and value in attr_names:
                w(f"    r.grad.attr_refs.emplace_back({cxx_str(name)}, {cxx_str(value)});")
            else:
                w(f"    r.grad.attr_literals.push_back({literal_attr(name, value)});")
    for out_slot, in_slot in (rec.get("inplace") or {}).items():
        if out_slot not in out_names or in_slot not in in_names:
            raise RecordError(f"op {op}: bad inplace pair {out_slot}: {in_slot}")
        w(f"    r.inplace.emplace_back({cxx_str(out_slot)}, {cxx_str(in_slot)});")
    for slot in split_list(rec.get("no_need_buffer")):
        if slot not in in_names:
            raise RecordError(f"op {op}: no_need_buffer slot {slot!r} is not an input")
        w(f"    r.no_need_buffer.push_back({cxx_str(slot)});")
    for slot in split_list(rec.get("host_inputs")):
        if slot not in in_names:
            raise RecordError(f"op {op}: host_inputs slot {slot!r} is not an input")
        w(f"    r.host_inputs.push_back({cxx_str(slot)});")
    if rec.get("random"):
        w("    r.is_random = true;")
    if rec.get("side_effect"):
        w("    r.has_side_effects = true;")
    w("    registry->Add(std::move(r));")
    w("  }")


def main():
    yaml_dir, infermeta_dir, output = sys.argv[1:4]
    only = None
    if sys.argv[4:5] == ["--only"]:
        with open(sys.argv[5]) as f:
            only = {line.strip() for line in f if line.strip()}
    records = []
    for name in sorted(os.listdir(yaml_dir)):
        if name.endswith(".yaml"):
            with open(os.path.join(yaml_dir, name)) as f:
                for rec in yaml.safe_load(f) or []:
                    records.append((name, rec))
    seen = {}
    body = []
    try:
        for fname, rec in records:
            if rec["op"] in seen:
                raise RecordError(f"op {rec['op']} defined in {seen[rec['op']]} and {fname}")
            seen[rec["op"]] = fname
            if only is None or rec["op"] in only:
                emit_record(rec, body)
        if only is not None:
            unknown = sorted(only - set(seen))
            if unknown:
                raise RecordError(f"--only names ops without a record: {unknown}")
        for fname, rec in records:
            grad = rec.get("grad")
            gtype = grad if isinstance(grad, str) else (grad or {}).get("op")
            if gtype and gtype not in seen:
                raise RecordError(f"op {rec['op']}: grad op {gtype!r} has no record")
    except RecordError as e:
        sys.exit(f"gen_op_records: {e}")
    headers = sorted(h for h in os.listdir(infermeta_dir) if h.endswith(".h"))
    text = ["// Generated by tools/gen_op_records.py from paddle/ops/yaml. Do not edit.",
            '#include "paddle/framework/op_record.h"']
    text += [f'#include "paddle/phi/infermeta/{h}"' for h in headers]
    text += ["", "namespace paddle {", "namespace framework {", "",
             "void RegisterGeneratedOpRecords(OpRecordRegistry* registry) {"]
    text += body
    text += ["}", "", "}  // namespace framework", "}  // namespace paddle", ""]
    content = "\n".join(text)
    if not os.path.exists(output) or open(output).read() != content:
        os.makedirs(os.path.dirname(output), exist_ok=True)
        with open(output, "w") as f:
            f.write(content)


if __name__ == "__main__":
    main()
