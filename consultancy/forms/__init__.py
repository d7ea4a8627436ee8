"""What visitors send through the site's two forms, as the server reads it: the enquiry form
(enquiry_form.py: its fields, their checks and the labels of services and districts) and the
renewal list a visitor keeps with the renewal calendar's reminders (renewal_list.py).

Plain values, no database: the letters (consultancy/mail), the store and the inbox
(consultancy/enquiries) and the reminders read them. The pages that show the forms are in
consultancy/components/enquiry_form and consultancy/components/renewal_calendar.
"""
