"""A papermill translator for the Java (MarketLab) kernel: parameters become JShell declarations
(`int days = 14;`), which replace those of the notebook's `parameters` cell. Registered by scripts/papermill."""
import json

from papermill.translators import Translator, papermill_translators


class JavaTranslator(Translator):
    @classmethod
    def translate_escaped_str(cls, str_val):
        return json.dumps(str_val)  # a JSON string literal is a valid Java string literal

    @classmethod
    def translate_none(cls, val):
        return "null"

    @classmethod
    def translate_bool(cls, val):
        return "true" if val else "false"

    @classmethod
    def translate_int(cls, val):
        return str(val) if -2**31 <= val < 2**31 else str(val) + "L"

    @classmethod
    def translate_float(cls, val):
        return repr(float(val))

    @classmethod
    def comment(cls, cmt_str):
        return "// " + cmt_str.strip()

    @classmethod
    def java_type(cls, val):
        if isinstance(val, bool):
            return "boolean"
        if isinstance(val, int):
            return "int" if -2**31 <= val < 2**31 else "long"
        if isinstance(val, float):
            return "double"
        if isinstance(val, str):
            return "String"
        return "var"

    @classmethod
    def codify(cls, parameters, comment="Parameters"):
        lines = [cls.comment(comment)]
        for name, val in parameters.items():
            lines.append("%s %s = %s;" % (cls.java_type(val), name, cls.translate(val)))
        return "\n".join(lines) + "\n"


def register():
    papermill_translators.register("java", JavaTranslator)
