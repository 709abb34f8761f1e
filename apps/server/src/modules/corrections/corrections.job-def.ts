import { z } from 'zod';

/** The job that generates a correction's answer package (its handler: corrections.job.ts). */
export const GenerateCorrection = {
  name: 'generate-correction',
  payload: z.object({ correctionId: z.number().int().positive() }),
};
export type GenerateCorrectionPayload = z.infer<typeof GenerateCorrection.payload>;
