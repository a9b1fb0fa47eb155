package dev.podium.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Every figure the API writes (JSON and CSV) is rounded to {@value #DIGITS} significant digits: floating-point noise
 * ("111889.72000000002") never reaches a reader, while statistics still match scipy to 1e-12 (the site formats for display).
 */
@Singleton
public class Figures implements ObjectMapperCustomizer {

    public static final int DIGITS = 13;
    private static final MathContext CONTEXT = new MathContext(DIGITS, RoundingMode.HALF_EVEN);

    /** The figure as the API writes it; NaN and infinities are left as they are. */
    public static double round(double v) {
        if (!Double.isFinite(v) || v == 0) {
            return v;
        }
        return new BigDecimal(v).round(CONTEXT).doubleValue();
    }

    @Override
    public void customize(com.fasterxml.jackson.databind.ObjectMapper mapper) {
        SimpleModule module = new SimpleModule("podium-figures");
        module.addSerializer(Double.class, new Rounded());
        module.addSerializer(double.class, new Rounded());
        mapper.registerModule(module);
    }

    private static final class Rounded extends StdSerializer<Double> {
        Rounded() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeNumber(round(value));
        }
    }
}
