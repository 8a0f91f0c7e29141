import { Section, TextAreaField } from '../fields/controls';

/** The order form's Additional Info: free text the order keeps beside its fields (the quote form offers it too). */
export function AdditionalInfoSection() {
  return (
    <Section title="Additional Info">
      <TextAreaField name="additional_info" label="Additional Info" rows={3} />
    </Section>
  );
}
